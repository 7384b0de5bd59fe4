// File storage by presigned URL. Keys are built from the verified user id and checked with isOwnFilePath on every call;
// a path that is not the caller's answers 404, the same as a missing one, so nothing tells whether it exists.
import { OpenAPIHono } from '@hono/zod-openapi';
import { extensionOf, filesContract, isOwnFilePath, mimeTypeFor, notFound } from '@chartside/shared';
import { expiresAt, startUpload } from '../services/uploads';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['files'];

const DOWNLOAD_EXPIRY_SECONDS = 10 * 60;

export const filesRouter = (deps: HttpDeps, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  /** The caller's own existing object, or 404. */
  const ownExisting = async (userId: string, filePath: string) => {
    if (!isOwnFilePath(userId, filePath) || !(await deps.fileStore.exists(filePath))) throw notFound('That file');
    return filePath;
  };

  router.openapi(routeFrom(filesContract.createUpload, { tags }), async (c) => {
    return c.json(await startUpload(deps, c.get('userId'), c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(filesContract.downloadUrl, { tags }), async (c) => {
    const filePath = await ownExisting(c.get('userId'), c.req.valid('json').filePath);
    const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
    const url = await deps.fileStore.presignDownload(filePath, {
      fileName,
      contentType: mimeTypeFor(extensionOf(fileName)),
      expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS,
    });
    return c.json({ url, expiresAt: expiresAt(deps.clock, DOWNLOAD_EXPIRY_SECONDS) }, 200);
  });

  router.openapi(routeFrom(filesContract.remove, { tags }), async (c) => {
    await deps.fileStore.delete(await ownExisting(c.get('userId'), c.req.valid('json').filePath));
    return c.json({ deleted: true as const }, 200);
  });

  return router;
};
