// File storage by presigned URL. Keys are built from the verified user id and checked with isOwnFilePath on every call;
// a path that is not the caller's answers 404, the same as a missing one, so nothing tells whether it exists.
import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { extensionOf, fileContentRoute, filePartsHeader, filesContract, isOwnFilePath, mimeTypeFor, notFound, SEALED_PART_BYTES } from '@chartside/shared';
import { downloadOf } from '../services/downloads';
import { readOwnFilePart } from '../services/sealed-files';
import { startUpload } from '../services/uploads';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['files'];

/** POST /files/content: documented with a binary answer (routeFrom describes JSON ones). */
const contentRoute = createRoute({
  method: fileContentRoute.method,
  path: fileContentRoute.path,
  summary: fileContentRoute.summary,
  description: [
    `A file sealed at rest is kept in parts of at most ${SEALED_PART_BYTES / 1024 / 1024} MiB of plaintext (an answer must stay under API Gateway's 6 MB):`,
    `each request answers one part, \`part\` (from 0, default 0), and the \`${filePartsHeader}\` header says how many there are.`,
    'Read part 0, then the others in order, and join their bytes. A clear file is one part: its whole bytes.',
  ].join(' '),
  tags,
  security: [{ bearer: [], session: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: fileContentRoute.body } } } },
  responses: {
    200: {
      description: 'The part’s bytes',
      headers: z.object({ [filePartsHeader]: z.string().openapi({ description: 'How many parts the file has (1 for a clear file)', example: '3' }) }),
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: { description: 'Invalid input, a part past the file’s last, or a sealed part that could not be decrypted (it was changed)' },
    404: { description: 'Not found among the signed-in user’s own files' },
  },
});

export const filesRouter = (deps: Pick<HttpDeps, 'cipher' | 'clock' | 'fileStore'>, defaultHook: Hook) => {
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
    const { filePath } = c.req.valid('json');
    const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
    return c.json(await downloadOf(deps, c.get('userId'), filePath, { fileName, contentType: mimeTypeFor(extensionOf(fileName)) }), 200);
  });

  router.openapi(contentRoute, async (c) => {
    const { filePath, part } = c.req.valid('json');
    const { body, contentType, parts } = await readOwnFilePart(deps, c.get('userId'), filePath, part);
    c.header('content-type', contentType);
    c.header(filePartsHeader, String(parts));
    c.header('cache-control', 'private, no-store');
    if (body instanceof Readable) return c.body(Readable.toWeb(body) as ReadableStream<Uint8Array>, 200);
    // A view of the same memory (no copy); the decrypted bytes sit in an ArrayBuffer.
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200);
  });

  router.openapi(routeFrom(filesContract.remove, { tags }), async (c) => {
    await deps.fileStore.delete(await ownExisting(c.get('userId'), c.req.valid('json').filePath));
    return c.json({ deleted: true as const }, 200);
  });

  return router;
};
