import { ADMIN_GROUP, AppError, sessionIdHeader, unauthorized } from '@chartside/shared';
import type { MiddlewareHandler } from 'hono';
import { requireLiveSession } from '../services/session-service';
import type { HttpDeps, HttpEnv } from './deps';

/** One child logger per request carrying its id; logs name routes and statuses, never bodies (they may hold patient data). */
export const requestLogging =
  (logger: HttpDeps['logger']): MiddlewareHandler<HttpEnv> =>
  async (c, next) => {
    const requestId = c.req.header('x-amzn-trace-id') ?? c.req.header('x-request-id') ?? crypto.randomUUID();
    const child = logger.createChild({ persistentKeys: { requestId } });
    c.set('logger', child);
    const started = performance.now();
    await next();
    child.info('request', {
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      userId: c.get('userId'),
    });
  };

/** Verifies the bearer access token; the user id comes from it and nowhere else. */
export const requireUser =
  (tokenVerifier: HttpDeps['tokenVerifier']): MiddlewareHandler<HttpEnv> =>
  async (c, next) => {
    const match = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) throw unauthorized('Missing bearer token.');
    let user;
    try {
      user = await tokenVerifier.verify(match[1]);
    } catch {
      throw unauthorized('The access token is invalid or has expired.');
    }
    c.set('userId', user.userId);
    c.set('accessToken', user.accessToken);
    c.set('tokenIssuedAt', user.issuedAt);
    c.set('signInId', user.signInId);
    c.set('groups', user.groups);
    await next();
  };

/**
 * Runs after requireUser on every route but the two that start or check a session: the request must name a live login
 * session of this user, started by the same sign-in as the token, in the x-session-id header, or it is refused with
 * 401 session_ended (the client signs out).
 */
export const requireSession =
  (deps: Pick<HttpDeps, 'sessions' | 'clock'>): MiddlewareHandler<HttpEnv> =>
  async (c, next) => {
    const session = await requireLiveSession(deps, c.get('userId'), c.req.header(sessionIdHeader), c.get('signInId'));
    c.set('sessionId', session.sessionId);
    await next();
  };

/** Administrator routes: the caller must be in the Cognito `admin` group (read from the verified token), else 403. */
export const requireAdmin: MiddlewareHandler<HttpEnv> = async (c, next) => {
  if (!c.get('groups').includes(ADMIN_GROUP)) throw new AppError('forbidden', 'This page is for administrators. Ask an administrator to add you to the admin group.');
  await next();
};
