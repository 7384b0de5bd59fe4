// The ticket a tab trades for its WebSocket (see realtime-ticket-repository.ts): asked with the access token and a live
// login session like every other call, so an ended session opens no socket.
import { OpenAPIHono } from '@hono/zod-openapi';
import { REALTIME_TICKET_SECONDS, realtimeContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];

export const realtimeRouter = (deps: Pick<HttpDeps, 'realtimeTickets'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  router.openapi(routeFrom(realtimeContract.ticket, { tags: ['realtime'] }), async (c) =>
    c.json({ ticket: await deps.realtimeTickets.issue(c.get('userId'), c.get('sessionId')), expiresInSeconds: REALTIME_TICKET_SECONDS }, 200),
  );
  return router;
};
