// Answers to reads (GET) of 1 KB and more go gzipped as JSON to a client that accepts it. A patient with every section
// filled, or the panel's list of 500, is text that shrinks to a sixth, and a clinician on a ward's Wi-Fi or a phone's
// 4G waits for every byte of it. API Gateway's HTTP API compresses nothing itself; Hono's Lambda adapter sends a
// content-encoded body base64-encoded, as API Gateway needs. Level 1: ~4 ms for the list of 500 (level 6 is twice that
// for 10% less), run off the event loop by zlib. (Hono's own compress middleware does not know a JSON answer's size,
// so it would compress the smallest, and its CompressionStream took 9 ms where zlib takes 2.)
// Not the answers to saves: a resource's save answers with the whole resource the client just sent, and compressing
// that cost a 1 MB save 30 ms on this machine (bench:resources 139 → 172 ms).
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Below this, gzip's own bytes and time are not worth it. */
export const MIN_COMPRESSED_BYTES = 1024;
const gzipped = promisify(gzip);

export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || !c.res.body || c.res.headers.has('content-encoding') || !/^application\/json\b/.test(c.res.headers.get('content-type') ?? '')) return;
  c.res.headers.append('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return;
  const body = new Uint8Array(await c.res.arrayBuffer());
  // The answer's body has been read: it is sent again from these bytes either way.
  const compressed = body.byteLength >= MIN_COMPRESSED_BYTES ? await gzipped(body, { level: 1 }) : undefined;
  c.res = new Response(compressed ?? body, c.res);
  c.res.headers.delete('content-length');
  if (compressed) c.res.headers.set('content-encoding', 'gzip');
};
