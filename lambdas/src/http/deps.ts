import type { Logger } from '@aws-lambda-powertools/logger';
import type { UserRepository } from '../data/user-repository';
import type { HealthCheck } from '../ports/health-check';
import type { TokenVerifier } from '../ports/token-verifier';
import type { UserDirectory } from '../ports/user-directory';
import type { Broadcast } from '../ws/broadcast';

/** Everything the HTTP routers need; built once per runtime by its composition root. */
export interface HttpDeps {
  users: UserRepository;
  tokenVerifier: TokenVerifier;
  userDirectory: UserDirectory;
  broadcast: Broadcast;
  health: HealthCheck;
  logger: Logger;
}

/** Values set per request by the middleware and read by the routes. */
export interface HttpEnv {
  Variables: {
    userId: string;
    accessToken: string;
    logger: Logger;
  };
}
