// The resource library. Writes are version-checked (409 on a stale version) and pushed to the user's other tabs.
import { OpenAPIHono } from '@hono/zod-openapi';
import { notFound, resourcesContract } from '@chartside/shared';
import { fetchOpenAccessPdf } from '../services/open-access-pdf';
import { createResource, deleteResource, patchResource } from '../services/resource-service';
import { callerOf } from './caller';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['resources'];

export const resourcesRouter = (deps: Pick<HttpDeps, 'broadcast' | 'cipher' | 'clock' | 'fileStore' | 'logger' | 'pdfFetcher' | 'resources' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(resourcesContract.list, { tags }), async (c) => {
    return c.json({ resources: await deps.resources.list(c.get('userId')) }, 200);
  });

  router.openapi(routeFrom(resourcesContract.create, { tags }), async (c) => {
    return c.json(await createResource(deps, callerOf(deps, c), c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(resourcesContract.get, { tags }), async (c) => {
    const resource = await deps.resources.get(c.get('userId'), c.req.valid('param').resourceId);
    if (!resource) throw notFound('That resource');
    return c.json(resource, 200);
  });

  router.openapi(routeFrom(resourcesContract.patch, { tags }), async (c) => {
    return c.json(await patchResource(deps, callerOf(deps, c), c.req.valid('param').resourceId, c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(resourcesContract.remove, { tags }), async (c) => {
    return c.json(await deleteResource(deps, callerOf(deps, c), c.req.valid('param').resourceId), 200);
  });

  router.openapi(routeFrom(resourcesContract.openAccessPdf, { tags }), async (c) => {
    return c.json(await fetchOpenAccessPdf(deps, callerOf(deps, c), c.req.valid('param').resourceId), 200);
  });

  return router;
};
