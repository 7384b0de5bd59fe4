// The tag manager. A change is pushed to the user's other tabs and devices as user.updated.
import { OpenAPIHono } from '@hono/zod-openapi';
import { clientIdHeader, tagsContract } from '@chartside/shared';
import type { Context } from 'hono';
import { deleteTagEverywhere, renameTagEverywhere, tagSummary } from '../services/tag-service';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['tags'];

export const tagsRouter = (deps: Pick<HttpDeps, 'broadcast' | 'taggedItems' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  const documentOf = (c: Context<HttpEnv>) => {
    const accessToken = c.get('accessToken');
    return deps.users.getOrCreate(c.get('userId'), () => deps.userDirectory.emailOf(accessToken));
  };

  /** Answers with the new counts and tells the other tabs when anything changed. */
  const answer = async (c: Context<HttpEnv>, before: number, result: Awaited<ReturnType<typeof renameTagEverywhere>>) => {
    const { document, itemsChanged } = result;
    if (itemsChanged > 0 || document.version !== before) {
      await deps.broadcast(document.userId, { type: 'user.updated', version: document.version }, { exceptClientId: c.req.header(clientIdHeader) });
    }
    return { itemsChanged, summary: await tagSummary(deps, document) };
  };

  router.openapi(routeFrom(tagsContract.list, { tags }), async (c) => {
    return c.json(await tagSummary(deps, await documentOf(c)), 200);
  });

  router.openapi(routeFrom(tagsContract.rename, { tags }), async (c) => {
    const { kind, from, to } = c.req.valid('json');
    const document = await documentOf(c);
    return c.json(await answer(c, document.version, await renameTagEverywhere(deps, document, kind, from, to)), 200);
  });

  router.openapi(routeFrom(tagsContract.remove, { tags }), async (c) => {
    const { kind, tag } = c.req.valid('json');
    const document = await documentOf(c);
    return c.json(await answer(c, document.version, await deleteTagEverywhere(deps, document, kind, tag)), 200);
  });

  return router;
};
