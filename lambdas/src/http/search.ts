// Full-text search over the signed-in user's resources, through whichever engine the runtime composed.
import { OpenAPIHono } from '@hono/zod-openapi';
import { searchContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['search'];

export const searchRouter = (deps: Pick<HttpDeps, 'search'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(searchContract.search, { tags }), async (c) => {
    return c.json(await deps.search.search(c.get('userId'), c.req.valid('json')), 200);
  });

  return router;
};
