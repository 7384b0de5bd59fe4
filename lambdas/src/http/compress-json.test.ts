import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJson, MIN_COMPRESSED_BYTES } from './compress-json';

const big = { text: 'x'.repeat(2 * MIN_COMPRESSED_BYTES) };
const app = new Hono()
  .use(compressJson)
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ status: 'ok' }))
  .patch('/big', (c) => c.json(big))
  .get('/file', (c) => c.body('x'.repeat(2 * MIN_COMPRESSED_BYTES), 200, { 'content-type': 'application/pdf' }));
const gzipAccepted = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressJson', () => {
  it("gzips a read's JSON answer of 1 KB or more for a client that accepts it", async () => {
    const response = await app.request('/big', { headers: gzipAccepted });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends plain JSON to a client that does not accept gzip, and an answer under 1 KB plain to any', async () => {
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const small = await app.request('/small', { headers: gzipAccepted });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.text()).length).toBeLessThan(MIN_COMPRESSED_BYTES);
  });

  it('sends the answer to a save, and what is not JSON, as they are', async () => {
    for (const response of [await app.request('/big', { method: 'PATCH', headers: gzipAccepted }), await app.request('/file', { headers: gzipAccepted })]) {
      expect(response.headers.get('content-encoding')).toBeNull();
      expect((await response.text()).length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    }
  });
});
