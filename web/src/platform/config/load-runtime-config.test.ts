import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig } from '../../test/fixtures';
import type { LastGoodConfigStore } from '../offline/runtime-config-store';
import { loadRuntimeConfig, RuntimeConfigError } from './load-runtime-config';

/** The last good config as IndexedDB would keep it. */
const memoryStore = (saved?: typeof testConfig) => {
  const store = { saved, read: vi.fn(async () => store.saved), save: vi.fn(async (config: typeof testConfig) => void (store.saved = config)) };
  return store satisfies LastGoodConfigStore;
};

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

  describe('offline', () => {
    const kept = { ...testConfig, userPoolClientId: 'kept-client' };

    it('keeps every config that loads and passes validation', async () => {
      serve(jsonResponse(testConfig));
      const store = memoryStore();
      await loadRuntimeConfig('/config.json', store);
      expect(store.save).toHaveBeenCalledWith(testConfig);
    });

    it('starts from the last good config when the server cannot be reached', async () => {
      serve(new TypeError('Failed to fetch'));
      await expect(loadRuntimeConfig('/config.json', memoryStore(kept))).resolves.toEqual(kept);
    });

    it('starts from the last good config when the server fails (5xx)', async () => {
      serve(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
      await expect(loadRuntimeConfig('/config.json', memoryStore(kept))).resolves.toEqual(kept);
    });

    it('still reports a wrong deployment (4xx, invalid file) rather than hiding it behind an old config', async () => {
      serve(new Response('Not Found', { status: 404, statusText: 'Not Found' }));
      await expect(loadRuntimeConfig('/config.json', memoryStore(kept))).rejects.toThrow('/config.json answered 404 Not Found.');
      serve(jsonResponse({ ...testConfig, apiUrl: 42 }));
      const store = memoryStore(kept);
      await expect(loadRuntimeConfig('/config.json', store)).rejects.toThrow(/apiUrl/);
      expect(store.save).not.toHaveBeenCalled();
    });

    it('reports the network error when no config was ever kept', async () => {
      serve(new TypeError('Failed to fetch'));
      await expect(loadRuntimeConfig('/config.json', memoryStore())).rejects.toThrow('/config.json could not be fetched (Failed to fetch).');
    });
  });
});
