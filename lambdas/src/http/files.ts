// File storage by presigned URL. Keys are built from the verified user id and checked with isOwnFilePath on every call;
// a path that is not the caller's answers 404, the same as a missing one, so nothing tells whether it exists.
import { OpenAPIHono } from '@hono/zod-openapi';
import { extensionOf, filePathFor, filesContract, isOwnFilePath, mimeTypeFor, notFound, type ResourceFile } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['files'];

/** Long enough to start a large upload on a slow link; short enough that a leaked URL is soon useless. */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;
const DOWNLOAD_EXPIRY_SECONDS = 10 * 60;

/** A plain type/subtype; anything else (parameters, junk) is replaced by the type the extension implies. */
const isMimeType = (value: string) => /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(value);

const expiresAt = (deps: HttpDeps, seconds: number) => new Date(deps.clock.now().getTime() + seconds * 1000).toISOString();

export const filesRouter = (deps: HttpDeps, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  /** The caller's own existing object, or 404. */
  const ownExisting = async (userId: string, filePath: string) => {
    if (!isOwnFilePath(userId, filePath) || !(await deps.fileStore.exists(filePath))) throw notFound('That file');
    return filePath;
  };

  router.openapi(routeFrom(filesContract.createUpload, { tags }), async (c) => {
    const { fileName, size, contentType, temp } = c.req.valid('json');
    const extension = extensionOf(fileName);
    const fileId = `${crypto.randomUUID()}${extension ? `.${extension}` : ''}`;
    const mimeType = contentType && isMimeType(contentType) ? contentType.toLowerCase() : mimeTypeFor(extension);
    const file: ResourceFile = { name: fileName, fileId, filePath: filePathFor(c.get('userId'), fileId, temp), extension, mimeType, isTemp: temp, size };
    const upload = await deps.fileStore.presignUpload(file.filePath, {
      contentType: mimeType,
      contentLength: size,
      temporary: temp,
      expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
    });
    return c.json({ file, uploadUrl: upload.url, headers: upload.headers, expiresAt: expiresAt(deps, UPLOAD_EXPIRY_SECONDS) }, 200);
  });

  router.openapi(routeFrom(filesContract.downloadUrl, { tags }), async (c) => {
    const filePath = await ownExisting(c.get('userId'), c.req.valid('json').filePath);
    const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
    const url = await deps.fileStore.presignDownload(filePath, {
      fileName,
      contentType: mimeTypeFor(extensionOf(fileName)),
      expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS,
    });
    return c.json({ url, expiresAt: expiresAt(deps, DOWNLOAD_EXPIRY_SECONDS) }, 200);
  });

  router.openapi(routeFrom(filesContract.remove, { tags }), async (c) => {
    await deps.fileStore.delete(await ownExisting(c.get('userId'), c.req.valid('json').filePath));
    return c.json({ deleted: true as const }, 200);
  });

  return router;
};
