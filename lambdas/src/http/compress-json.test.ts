import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJson, MIN_COMPRESSED_BYTES } from './compress-json';

const big = { text: 'x'.repeat(2 * MIN_COMPRESSED_BYTES) };
const app = new Hono()
  .use(compressJson)
  .get('/big', (c) => c.json(big))
  .patch('/big', (c) => c.json(big))
  .get('/file', (c) => c.body('x'.repeat(2 * MIN_COMPRESSED_BYTES), 200, { 'content-type': 'application/pdf' }));
const gzipAccepted = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressJson', () => {
  it("gzips a read's JSON answer of 1 KB or more for a client that accepts it", async () => {
    const response = await app.request('/big', { headers: gzipAccepted });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends the answer to a save, and what is not JSON, as they are', async () => {
    for (const response of [await app.request('/big', { method: 'PATCH', headers: gzipAccepted }), await app.request('/file', { headers: gzipAccepted })]) {
      expect(response.headers.get('content-encoding')).toBeNull();
      expect((await response.text()).length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    }
  });
});
