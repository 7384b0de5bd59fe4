// The file cleaner's API, for members of the Cognito admin group only (403 for anyone else, on every route).
import { OpenAPIHono } from '@hono/zod-openapi';
import { fileCleanerContract } from '@chartside/shared';
import { cleanFiles, scanFiles } from '../services/file-cleaner';
import type { HttpDeps, HttpEnv } from './deps';
import { requireAdmin } from './middleware';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['admin'];

export const fileCleanerRouter = (deps: Pick<HttpDeps, 'clock' | 'fileReferences' | 'fileStore' | 'resources'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  router.use('/admin/*', requireAdmin);

  router.openapi(routeFrom(fileCleanerContract.scan, { tags }), async (c) => c.json(await scanFiles(deps, c.req.valid('query')), 200));

  router.openapi(routeFrom(fileCleanerContract.clean, { tags }), async (c) => c.json(await cleanFiles(deps, c.req.valid('json').keys), 200));

  return router;
};
