// The signed-in user's own document. A change is pushed to the user's other tabs and devices.
import { OpenAPIHono } from '@hono/zod-openapi';
import { clientIdHeader, meContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

export const meRouter = (deps: Pick<HttpDeps, 'broadcast' | 'userDirectory' | 'users'>, defaultHook: ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0]) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(meContract.get, { tags: ['me'] }), async (c) => {
    const accessToken = c.get('accessToken');
    const document = await deps.users.getOrCreate(c.get('userId'), () => deps.userDirectory.emailOf(accessToken));
    return c.json(document, 200);
  });

  router.openapi(routeFrom(meContract.patch, { tags: ['me'] }), async (c) => {
    const userId = c.get('userId');
    const accessToken = c.get('accessToken');
    const current = await deps.users.getOrCreate(userId, () => deps.userDirectory.emailOf(accessToken));
    const updated = await deps.users.patch(userId, c.req.valid('json'), current);
    await deps.broadcast(userId, { type: 'user.updated', version: updated.version }, { exceptClientId: c.req.header(clientIdHeader) });
    return c.json(updated, 200);
  });

  return router;
};
