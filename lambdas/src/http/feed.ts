// The feed: for now only the unread count behind the top bar's badge.
import { OpenAPIHono } from '@hono/zod-openapi';
import { feedContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];

export const feedRouter = (deps: HttpDeps, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(feedContract.unreadCount, { tags: ['feed'] }), async (c) => {
    return c.json({ count: await deps.feed.unreadCount(c.get('userId')) }, 200);
  });

  return router;
};
