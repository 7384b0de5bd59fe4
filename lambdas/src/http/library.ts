// Questions asked of the user's own library (/tools/vectorsearch), answered at once from its passages.
import { OpenAPIHono } from '@hono/zod-openapi';
import { badRequest, libraryContract } from '@chartside/shared';
import { askLibrary, type LibraryDeps } from '../services/library-service';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['library'];

/** Questions to the library are answered here, not by the reply runner: the models alone. */
export const libraryRouter = (deps: Pick<HttpDeps, 'chats' | 'clock' | 'search'> & { ai: Pick<HttpDeps['ai'], 'models' | 'dailyTokens'> }, defaultHook: Hook) => {
  // A question that is missing, not text, blank or too long is answered with its own message alone.
  const hook: Hook = {
    defaultHook: (result, c) => {
      const issues = !result.success && 'error' in result ? (result.error as { issues?: { path: PropertyKey[]; message: string }[] }).issues : undefined;
      const message = issues?.find((issue) => issue.path[0] === 'message');
      if (message) throw badRequest(message.message);
      return defaultHook?.defaultHook?.(result, c);
    },
  };
  const router = new OpenAPIHono<HttpEnv>(hook);
  const library: LibraryDeps = {
    search: deps.search,
    models: deps.ai.models,
    allowance: { chats: deps.chats, dailyTokens: deps.ai.dailyTokens },
    clock: deps.clock,
  };

  router.openapi(routeFrom(libraryContract.ask, { tags }), async (c) => {
    return c.json(await askLibrary(library, c.get('userId'), c.req.valid('json'), c.req.raw.signal), 200);
  });

  return router;
};
