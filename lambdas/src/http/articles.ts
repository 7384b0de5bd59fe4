// Article metadata, looked up server-side: a DOI through Crossref, an article page (auto-fill) through its meta tags
// and Unpaywall. The outside services' failures arrive as AppErrors (not_found, rate_limited, unavailable).
import { OpenAPIHono } from '@hono/zod-openapi';
import { articlesContract, badRequest, normalizeDoi } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['articles'];

export const articlesRouter = (deps: Pick<HttpDeps, 'articleMetadata'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(articlesContract.resolveDoi, { tags }), async (c) => {
    const doi = normalizeDoi(c.req.valid('json').doi);
    if (!doi) throw badRequest('That is not a DOI. A DOI looks like 10.1056/NEJMoa2034577.');
    return c.json(await deps.articleMetadata.resolveDoi(doi), 200);
  });

  router.openapi(routeFrom(articlesContract.lookup, { tags }), async (c) => {
    return c.json(await deps.articleMetadata.lookup(c.req.valid('json').articleUrl), 200);
  });

  return router;
};
