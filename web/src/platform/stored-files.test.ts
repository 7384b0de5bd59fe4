import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, apiError } from '../test/fake-api';
import { createApiClient } from './api/api-client';
import { fetchStoredFile } from './stored-files';

const filePath = 'userContent/u-1/scan.pdf';

const setUp = () => {
  const fake = new FakeApi().install();
  const api = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token-1' });
  return { fake, api };
};

afterEach(() => vi.unstubAllGlobals());

describe('fetchStoredFile', () => {
  it('reads a clear file through its presigned GET, without the token', async () => {
    const { fake, api } = setUp();
    fake.on('POST', '/files/download-url', { url: 'http://storage.test/bucket/scan.pdf?signed=1', expiresAt: '2030-01-01T00:00:00.000Z' });
    fake.on('GET', '/bucket/scan.pdf', () => new Response('clear bytes'));
    expect(await (await fetchStoredFile(api, filePath)).text()).toBe('clear bytes');
    expect(fake.calls('GET', '/bucket/scan.pdf')[0]?.headers.get('authorization')).toBeNull();
    expect(fake.calls('POST', '/files/content')).toEqual([]);
  });

  it('reads a sealed file decrypted from POST /files/content with the signed-in token', async () => {
    const { fake, api } = setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    fake.on('POST', '/files/content', () => new Response('opened bytes', { headers: { 'content-type': 'application/pdf' } }));
    expect(await (await fetchStoredFile(api, filePath)).text()).toBe('opened bytes');
    const [read] = fake.calls('POST', '/files/content');
    expect(read?.body).toEqual({ filePath });
    expect(read?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it("gives the server's reason when a sealed file cannot be decrypted", async () => {
    const { fake, api } = setUp();
    fake.on('POST', '/files/download-url', { sealed: true });
    fake.on('POST', '/files/content', apiError(400, 'bad_request', 'This could not be decrypted: it was changed since.'));
    await expect(fetchStoredFile(api, filePath)).rejects.toThrow('This could not be decrypted: it was changed since.');
  });
});
