// The HTTP API's routers in groups. In the cloud each group is a Lambda function of its own that builds only its own
// routes' adapters (the files bucket and data key, the search domain, the models, web push, the backups bucket), so each bundle holds no
// other group's and starts sooner (issue 19); API Gateway sends each group's routes to its function and every other
// path to the core (infra's HttpApi). The local server serves all of them in one app.
import { hook, mount, type Hook, type Routers } from '../app';
import type { HttpDeps, HttpEnv } from '../deps';
import { OpenAPIHono } from '@hono/zod-openapi';
import { sessionIdHeader } from '@chartside/shared';
import { aiRouters } from './ai';
import { backupsRouters } from './backups';
import { coreRouters } from './core';
import { feedRouters } from './feed';
import { filesRouters } from './files';
import { searchRouters } from './search';

/** Each group by its function's handler file (lambdas/src/handlers/{name}.ts). */
export const routeGroups = {
  http: coreRouters,
  'http-files': filesRouters,
  'http-search': searchRouters,
  'http-ai': aiRouters,
  'http-feed': feedRouters,
  'http-backups': backupsRouters,
} as const;
export type RouteGroupName = keyof typeof routeGroups;

/** Every group's routers together, as the local server serves them. */
export const allRouters = (deps: HttpDeps, hook: Hook): Routers => {
  const groups = Object.values(routeGroups).map((routers) => routers(deps, hook));
  return { open: groups.flatMap((group) => group.open ?? []), entry: groups.flatMap((group) => group.entry ?? []), secured: groups.flatMap((group) => group.secured) };
};

/**
 * Dependencies of routers built only to be described (the OpenAPI document, the cloud's route table), never run: any
 * property reads as another such value, and calling one throws.
 */
const notThere: unknown = new Proxy(() => undefined, {
  get: (_target, key) => (key === 'then' ? undefined : notThere),
  apply: () => {
    throw new Error('A router built only to be described was run.');
  },
});

/** An app of `routers` built only to be described. */
const describedApp = (routers: (deps: never, hook: Hook) => Routers) => {
  const app = new OpenAPIHono<HttpEnv>(hook).basePath('/api');
  mount(app, notThere as never, routers(notThere as never, hook));
  return app;
};

/** Every route of a group, as API Gateway names it: method and path, with `{param}` for a path parameter. */
export const groupRoutes = (group: RouteGroupName) => {
  const routes = describedApp(routeGroups[group]).routes.filter((route) => route.method !== 'ALL');
  return [...new Set(routes.map((route) => `${route.method} ${route.path.replaceAll(/:(\w+)/g, '{$1}')}`))].map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path };
  });
};

/** The OpenAPI document of the whole API, the same from the local server and the cloud's core function. */
const apiDocument = () => {
  const app = describedApp(allRouters);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'header',
    name: sessionIdHeader,
    description: 'The id of a live login session of the signed-in user (POST /api/sessions starts one)',
  });
  return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Chartside API', version: '1' } });
};

/** `routers` with GET /openapi.json, the whole API's document (built at its first request). */
export const withApiDocument = (routers: Routers): Routers => {
  const router = new OpenAPIHono<HttpEnv>();
  let document: ReturnType<typeof apiDocument> | undefined;
  router.get('/openapi.json', (c) => c.json((document ??= apiDocument()), 200));
  return { ...routers, open: [...(routers.open ?? []), router] };
};
