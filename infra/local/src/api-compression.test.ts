import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipJsonAnswers } from './api-compression';

const patient = JSON.stringify({ id: 'p1', notes: 'Seen today. '.repeat(500) });
const answering = (body: string, type: string) => gzipJsonAnswers(() => new Response(body, { status: 200, headers: { 'content-type': type } }));
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost/api/patients/p1', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('gzipJsonAnswers', () => {
  it('gzips a JSON answer of 1 KB or more for a client that accepts gzip', async () => {
    const response = await answering(patient, 'application/json; charset=UTF-8')(request('gzip, deflate, br'), undefined);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const gzipped = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(gzipped.length);
    expect(gunzipSync(gzipped).toString()).toBe(patient);
  });

  it('sends the answer as it is to a client that does not accept gzip, and small answers as they are', async () => {
    const plain = await answering(patient, 'application/json')(request(), undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(patient);
    const small = await answering('{"count":3}', 'application/json')(request('gzip'), undefined);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('{"count":3}');
  });

  it('leaves answers that are not JSON alone (the chat event stream, files)', async () => {
    const stream = await answering('data: hello\n\n'.repeat(200), 'text/event-stream')(request('gzip'), undefined);
    expect(stream.headers.get('content-encoding')).toBeNull();
    const pdf = await answering('%PDF'.repeat(500), 'application/pdf')(request('gzip'), undefined);
    expect(pdf.headers.get('content-encoding')).toBeNull();
  });
});
