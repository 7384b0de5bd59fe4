import { OpenAPIHono } from '@hono/zod-openapi';
import { healthContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

export const healthRouter = (deps: Pick<HttpDeps, 'health'>) => {
  const router = new OpenAPIHono<HttpEnv>();
  router.openapi(
    { ...routeFrom(healthContract.get, { secured: false, tags: ['health'] }), responses: { 200: { description: 'All up' }, 503: { description: 'A dependency is down' } } },
    async (c) => {
      const report = await deps.health();
      return c.json(report, report.status === 'ok' ? 200 : 503);
    },
  );
  return router;
};
