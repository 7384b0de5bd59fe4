// Login sessions. The entry routes (start, check) run before the session check; the others after it.
import { OpenAPIHono } from '@hono/zod-openapi';
import { sessionIdHeader, sessionsContract } from '@chartside/shared';
import { listSessions, requireLiveSession, signOutAllSessions, signOutSession, startSession, toSession } from '../services/session-service';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['sessions'];

/** POST /sessions and GET /sessions/current: reachable with a token alone, since they start and check the session. */
export const sessionEntryRouter = (deps: Pick<HttpDeps, 'clientIp' | 'clock' | 'geo' | 'sessions'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(sessionsContract.create, { tags, session: false }), async (c) => {
    const session = await startSession(deps, {
      userId: c.get('userId'),
      body: c.req.valid('json'),
      userAgent: c.req.header('user-agent') ?? '',
      ipAddress: deps.clientIp(c),
      acceptLanguage: c.req.header('accept-language'),
      presentedSessionId: c.req.header(sessionIdHeader),
      tokenIssuedAt: c.get('tokenIssuedAt'),
      signInId: c.get('signInId'),
    });
    return c.json(session, 200);
  });

  router.openapi(routeFrom(sessionsContract.current, { tags, session: false }), async (c) => {
    const session = await requireLiveSession(deps, c.get('userId'), c.req.header(sessionIdHeader), c.get('signInId'));
    return c.json(toSession(session, session.sessionId), 200);
  });

  return router;
};

/** The session list and sign-outs; these need a live session like every other route. */
export const sessionsRouter = (deps: Pick<HttpDeps, 'broadcast' | 'clock' | 'sessions' | 'userDirectory'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(sessionsContract.list, { tags }), async (c) => {
    return c.json({ sessions: await listSessions(deps, c.get('userId'), c.get('sessionId')) }, 200);
  });

  router.openapi(routeFrom(sessionsContract.signOutAll, { tags }), async (c) => {
    return c.json(await signOutAllSessions(deps, c.get('userId'), c.get('accessToken')), 200);
  });

  router.openapi(routeFrom(sessionsContract.signOut, { tags }), async (c) => {
    return c.json(await signOutSession(deps, c.get('userId'), c.req.valid('param').sessionId), 200);
  });

  return router;
};
