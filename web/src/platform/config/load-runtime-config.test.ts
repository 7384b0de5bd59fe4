import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig } from '../../test/fixtures';
import { loadRuntimeConfig, RuntimeConfigError } from './load-runtime-config';

const serve = (response: Response | Error) => {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('loadRuntimeConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads /config.json without the HTTP cache and returns the parsed config', async () => {
    const fetchMock = serve(jsonResponse(testConfig));
    await expect(loadRuntimeConfig()).resolves.toEqual(testConfig);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('accepts a config without userPoolEndpoint (AWS Cognito itself)', async () => {
    const { userPoolEndpoint: _, ...cloud } = testConfig;
    serve(jsonResponse(cloud));
    await expect(loadRuntimeConfig()).resolves.toEqual(cloud);
  });

  it.each([
    ['a missing field', { ...testConfig, userPoolId: undefined }, /^\/config\.json is not valid: userPoolId: /],
    ['an unknown mfa mode', { ...testConfig, mfa: 'sometimes' }, /mfa: /],
    ['an endpoint that is not a URL', { ...testConfig, userPoolEndpoint: 'localhost' }, /userPoolEndpoint: /],
    ['an unexpected field', { ...testConfig, debug: true }, /debug/],
  ])('rejects %s, naming the field', async (_case, body, message) => {
    serve(jsonResponse(body));
    const error = await loadRuntimeConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it('rejects a body that is not JSON', async () => {
    serve(new Response('<!doctype html><title>Chartside</title>', { status: 200 }));
    await expect(loadRuntimeConfig()).rejects.toThrow('/config.json is not valid JSON.');
  });

  it('rejects a missing file with its status', async () => {
    serve(new Response('Not Found', { status: 404, statusText: 'Not Found' }));
    await expect(loadRuntimeConfig()).rejects.toThrow('/config.json answered 404 Not Found.');
  });

  it('rejects when the server cannot be reached', async () => {
    serve(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig()).rejects.toThrow('/config.json could not be fetched (Failed to fetch).');
  });
});
