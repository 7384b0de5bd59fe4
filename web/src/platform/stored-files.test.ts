import { filePartsHeader } from '@chartside/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, apiError } from '../test/fake-api';
import { createApiClient } from './api/api-client';
import { fetchStoredFile } from './stored-files';

const filePath = 'userContent/u-1/scan.pdf';

const setUp = async () => {
  // jsdom's Blob cannot be a fetch body (it has no stream()), a browser's can: use the fetch implementation's own Blob.
  vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
  const fake = new FakeApi().install();
  const api = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token-1' });
  return { fake, api };
};

afterEach(() => vi.unstubAllGlobals());

describe('fetchStoredFile', () => {
  it('reads a clear file through its presigned GET, without the token', async () => {
    const { fake, api } = await setUp();
    fake.on('POST', '/files/download-url', { url: 'http://storage.test/bucket/scan.pdf?signed=1', expiresAt: '2030-01-01T00:00:00.000Z' });
    fake.on('GET', '/bucket/scan.pdf', () => new Response('clear bytes'));
    expect(await (await fetchStoredFile(api, filePath)).text()).toBe('clear bytes');
    expect(fake.calls('GET', '/bucket/scan.pdf')[0]?.headers.get('authorization')).toBeNull();
    expect(fake.calls('POST', '/files/content')).toEqual([]);
  });

  it('reads a sealed file decrypted from POST /files/content with the signed-in token', async () => {
    const { fake, api } = await setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    fake.on('POST', '/files/content', () => new Response('opened bytes', { headers: { 'content-type': 'application/pdf' } }));
    expect(await (await fetchStoredFile(api, filePath)).text()).toBe('opened bytes');
    const [read] = fake.calls('POST', '/files/content');
    expect(read?.body).toEqual({ filePath, part: 0 });
    expect(read?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('reads a sealed file of several parts one after another and answers them joined, with its type', async () => {
    const { fake, api } = await setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    const parts = ['first part, ', 'second part, ', 'last part'];
    fake.on('POST', '/files/content', (request) => {
      const { part } = request.body as { part: number };
      return new Response(parts[part], { headers: { 'content-type': 'application/pdf', [filePartsHeader]: String(parts.length) } });
    });
    const response = await fetchStoredFile(api, filePath);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('first part, second part, last part');
    expect(fake.calls('POST', '/files/content').map((read) => read.body)).toEqual([0, 1, 2].map((part) => ({ filePath, part })));
  });

  it('stops at the first part the server refuses, with its reason', async () => {
    const { fake, api } = await setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    fake.on('POST', '/files/content', (request) =>
      (request.body as { part: number }).part === 1
        ? apiError(400, 'bad_request', 'This could not be decrypted: it was changed since.')
        : new Response('a part', { headers: { [filePartsHeader]: '3' } }),
    );
    await expect(fetchStoredFile(api, filePath)).rejects.toThrow('This could not be decrypted: it was changed since.');
    expect(fake.calls('POST', '/files/content')).toHaveLength(2);
  });

  it("gives the server's reason when a sealed file cannot be decrypted", async () => {
    const { fake, api } = await setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    fake.on('POST', '/files/content', apiError(400, 'bad_request', 'This could not be decrypted: it was changed since.'));
    await expect(fetchStoredFile(api, filePath)).rejects.toThrow('This could not be decrypted: it was changed since.');
  });
});
