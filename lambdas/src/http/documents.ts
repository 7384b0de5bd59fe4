// The Documents page's API: the caller's own files only; a file id names an object under the caller's folder, so
// another user's id answers 404 like a missing one.
import { OpenAPIHono } from '@hono/zod-openapi';
import { documentsContract } from '@chartside/shared';
import { downloadOf } from '../services/downloads';
import { createDocument, deleteDocument, getDocument, listDocuments, renameDocument } from '../services/document-service';
import { callerOf } from './caller';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['documents'];

export const documentsRouter = (deps: Pick<HttpDeps, 'broadcast' | 'cipher' | 'clock' | 'documents' | 'fileStore' | 'logger' | 'resources' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(documentsContract.list, { tags }), async (c) => c.json(await listDocuments(deps, c.get('userId')), 200));

  router.openapi(routeFrom(documentsContract.create, { tags }), async (c) => c.json(await createDocument(deps, c.get('userId'), c.req.valid('json')), 200));

  router.openapi(routeFrom(documentsContract.get, { tags }), async (c) => c.json(await getDocument(deps, c.get('userId'), c.req.valid('param').fileId), 200));

  router.openapi(routeFrom(documentsContract.rename, { tags }), async (c) =>
    c.json(await renameDocument(deps, callerOf(deps, c), c.req.valid('param').fileId, c.req.valid('json').name), 200),
  );

  router.openapi(routeFrom(documentsContract.remove, { tags }), async (c) => c.json(await deleteDocument(deps, callerOf(deps, c), c.req.valid('param').fileId), 200));

  router.openapi(routeFrom(documentsContract.downloadUrl, { tags }), async (c) => {
    const file = await getDocument(deps, c.get('userId'), c.req.valid('param').fileId);
    return c.json(await downloadOf(deps, c.get('userId'), file.filePath, { fileName: file.name, contentType: file.mimeType }), 200);
  });

  return router;
};
