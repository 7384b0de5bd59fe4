import type { Logger } from '@aws-lambda-powertools/logger';
import type { ConnectionRepository } from '../data/connection-repository';
import type { ConnectionPoster } from '../ports/connection-poster';
import type { TokenVerifier } from '../ports/token-verifier';
import type { Clock } from '../ports/clock';

/** Everything the realtime handlers need; built once per runtime by its composition root. */
export interface RealtimeDeps {
  connections: ConnectionRepository;
  poster: ConnectionPoster;
  tokenVerifier: TokenVerifier;
  clock: Clock;
  logger: Logger;
}
