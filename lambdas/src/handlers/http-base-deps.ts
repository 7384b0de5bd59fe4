// What every function of the HTTP API needs: the token and session checks, the caller's address, the log. Each
// function's handler (http.ts, http-files.ts, ...) adds the adapters of its own group of routes (http/groups/), so its
// bundle holds no other group's.
import { cognitoTokenVerifier } from '../adapters/aws/cognito-token-verifier';
import { forwardedClientIp } from '../adapters/aws/forwarded-client-ip';
import { SessionRepository } from '../data/session-repository';
import { systemClock } from '../ports/clock';
import { config, logger, table } from './base-deps';

export const httpBaseDeps = {
  tokenVerifier: cognitoTokenVerifier(config.USER_POOL_ID, config.USER_POOL_CLIENT_ID),
  sessions: new SessionRepository(table),
  clientIp: forwardedClientIp,
  clock: systemClock,
  logger,
};
