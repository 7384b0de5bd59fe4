// /tools/fileencrypt's calls: encrypt a file's bytes for the signed-in user, and decrypt them back for that user only.
// Each file gets its own item id in the encryption context; the user id there is what decrypting checks.
import { OpenAPIHono } from '@hono/zod-openapi';
import { decryptedFileName, encryptedFileName, secureFilesContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['secure files'];

export const secureFilesRouter = (deps: Pick<HttpDeps, 'cipher'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(secureFilesContract.encrypt, { tags }), async (c) => {
    const { fileName, data } = c.req.valid('json');
    const ciphertext = await deps.cipher.encrypt(Buffer.from(data, 'base64'), { userId: c.get('userId'), itemId: `file:${crypto.randomUUID()}` });
    return c.json({ fileName: encryptedFileName(fileName), data: Buffer.from(ciphertext).toString('base64') }, 200);
  });

  router.openapi(routeFrom(secureFilesContract.decrypt, { tags }), async (c) => {
    const { fileName, data } = c.req.valid('json');
    const { plaintext } = await deps.cipher.decrypt(Buffer.from(data, 'base64'), { userId: c.get('userId') });
    return c.json({ fileName: decryptedFileName(fileName), data: Buffer.from(plaintext).toString('base64') }, 200);
  });

  return router;
};
