import { meContract, searchContract, sessionsContract, tagsContract } from '@chartside/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, userDocument } from '../../test/fixtures';
import { Connectivity } from '../connectivity/connectivity';
import { createApiClient, EARLY_ANSWER_MS, fillPath, queryString, type ApiClientOptions } from './api-client';
import { ApiError } from './api-error';

const client = (token?: string) =>
  createApiClient({ apiUrl: 'https://app.example.org/api/', clientId: 'tab-1', getAccessToken: async () => token });
const signedInClient = () => client('token-1');

const stubFetch = (answer: () => Response | Promise<Response>) => {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const requestOf = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init, headers: new Headers(init?.headers) };
};

describe('createApiClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls a contract endpoint with the bearer token and the tab id', async () => {
    const me = userDocument();
    const fetchMock = stubFetch(() => jsonResponse(me));
    await expect(signedInClient().call(meContract.get)).resolves.toEqual(me);
    const { url, init, headers } = requestOf(fetchMock);
    expect(url).toBe('https://app.example.org/api/me');
    expect(init?.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('x-client-id')).toBe('tab-1');
    expect(init?.body).toBeNull();
  });

  it('sends a JSON body', async () => {
    const fetchMock = stubFetch(() => jsonResponse(userDocument({ version: 2 })));
    await signedInClient().call(meContract.patch, { body: { version: 1, cprs: true } });
    const { init, headers } = requestOf(fetchMock);
    expect(init?.method).toBe('PATCH');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ version: 1, cprs: true });
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await client().request('get', '/health');
    expect(requestOf(fetchMock).headers.has('authorization')).toBe(false);
  });

  it('answers undefined for 204 No Content', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(signedInClient().request('delete', '/things/1')).resolves.toBeUndefined();
  });

  it.each([
    [409, { error: { code: 'version_conflict', message: 'Your settings were changed elsewhere.' } }, 'version_conflict', 'Your settings were changed elsewhere.'],
    [401, { error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 'unauthorized', 'Sign in to continue.'],
    [418, { error: { code: 'teapot', message: 'A code this client does not know' } }, 'bad_request', 'A code this client does not know'],
    [404, { message: 'not our shape' }, 'not_found', 'The server answered 404 Not Found.'],
    [502, '<html>Bad Gateway</html>', 'bad_gateway', 'The server answered 502 Bad Gateway.'],
  ])('turns a %i answer into an ApiError', async (status, body, code, message) => {
    stubFetch(() =>
      typeof body === 'string'
        ? new Response(body, { status, statusText: status === 502 ? 'Bad Gateway' : '' })
        : new Response(JSON.stringify(body), { status, statusText: status === 404 ? 'Not Found' : '' }),
    );
    const error = await signedInClient().call(meContract.get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, status, message });
  });

  it('keeps the validation issues of a 400', async () => {
    const issues = [{ path: 'panelSortSelection', message: 'Invalid option' }];
    stubFetch(() => jsonResponse({ error: { code: 'validation_failed', message: 'Check the highlighted fields.', issues } }, 400));
    await expect(signedInClient().call(meContract.patch, { body: { version: 1 } })).rejects.toMatchObject({
      code: 'validation_failed',
      status: 400,
      issues,
    });
  });

  it('reports an unreachable server as a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(signedInClient().call(meContract.get)).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('lets an aborted request stay an abort, so TanStack Query can cancel', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(signedInClient().call(meContract.get)).rejects.toMatchObject({ name: 'AbortError' });
  });

  describe('the connectivity signal', () => {
    const watched = () => {
      const connectivity = new Connectivity({ initialMs: 60_000, maxMs: 60_000 }, () => true);
      connectivity.setProbe(async () => false);
      const api = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token-1', connectivity });
      return { api, connectivity };
    };
    /** A fetch whose server never answers: only the request's signal ends it, as a browser's fetch does. */
    const silentServer = () =>
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(
          (_url, init) =>
            new Promise<Response>((_resolve, reject) => {
              const signal = init?.signal;
              if (signal?.aborted) reject(signal.reason as Error);
              signal?.addEventListener('abort', () => reject(signal.reason as Error));
            }),
        ),
      );

    it('goes offline when a request fails at the network level, and online again when the server answers', async () => {
      const { api, connectivity } = watched();
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(api.call(meContract.get)).rejects.toMatchObject({ code: 'network_error' });
      expect(connectivity.isOnline()).toBe(false);
      stubFetch(() => jsonResponse({ error: { code: 'unavailable', message: 'Busy, try again.' } }, 503));
      await expect(api.call(meContract.get)).rejects.toMatchObject({ status: 503 });
      expect(connectivity.isOnline()).toBe(true);
    });

    it('fails a request with no answer in time as a network error, and goes offline', async () => {
      const { api, connectivity } = watched();
      silentServer();
      await expect(api.request('get', '/me', { timeoutMs: 20 })).rejects.toMatchObject({
        code: 'network_error',
        message: 'The server did not answer in time. Check your connection and try again.',
      });
      expect(connectivity.isOnline()).toBe(false);
    });

    it('leaves the signal alone when the caller cancels', async () => {
      const { api, connectivity } = watched();
      silentServer();
      const cancel = new AbortController();
      const answer = api.request('get', '/me', { signal: cancel.signal });
      cancel.abort();
      await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
      expect(connectivity.isOnline()).toBe(true);
    });
  });

  describe('the login session', () => {
    const sessionClient = (options: Partial<ApiClientOptions> = {}) =>
      createApiClient({
        apiUrl: '/api',
        clientId: 'tab-1',
        getAccessToken: async () => 'token-1',
        getSessionId: () => 'session-1',
        ...options,
      });

    it('sends the stored session id on every request', async () => {
      const fetchMock = stubFetch(() => jsonResponse(userDocument()));
      await sessionClient().call(meContract.get);
      expect(requestOf(fetchMock).headers.get('x-session-id')).toBe('session-1');
    });

    it('sends no session header while the browser has no session', async () => {
      const fetchMock = stubFetch(() => jsonResponse(userDocument()));
      await sessionClient({ getSessionId: () => undefined }).call(meContract.get);
      expect(requestOf(fetchMock).headers.has('x-session-id')).toBe(false);
    });

    it('sends a session id given for one request instead of the stored one', async () => {
      const fetchMock = stubFetch(() => jsonResponse({ signedOut: 1 }));
      await sessionClient().call(sessionsContract.signOut, { params: { sessionId: 'session-9' }, sessionId: 'session-9' });
      expect(requestOf(fetchMock).headers.get('x-session-id')).toBe('session-9');
    });

    it('fills path parameters, encoded', async () => {
      const fetchMock = stubFetch(() => jsonResponse({ signedOut: 1 }));
      await sessionClient().call(sessionsContract.signOut, { params: { sessionId: 'a/b c' } });
      expect(requestOf(fetchMock).url).toBe('/api/sessions/a%2Fb%20c/sign-out');
      expect(requestOf(fetchMock).init?.method).toBe('POST');
    });

    it('sends a typed body to a contract endpoint', async () => {
      const fetchMock = stubFetch(() => jsonResponse({ itemsChanged: 2, summary: { resource: [], patient: [] } }));
      await sessionClient().call(tagsContract.rename, { body: { kind: 'resource', from: 'Cardio', to: 'Cardiology' } });
      expect(JSON.parse(String(requestOf(fetchMock).init?.body))).toEqual({ kind: 'resource', from: 'Cardio', to: 'Cardiology' });
    });

    it('signs the browser out on 401 session_ended, and still rejects', async () => {
      const onSessionEnded = vi.fn();
      stubFetch(() => jsonResponse({ error: { code: 'session_ended', message: 'This session has ended.' } }, 401));
      await expect(sessionClient({ onSessionEnded }).call(meContract.get)).rejects.toMatchObject({ code: 'session_ended', status: 401 });
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('leaves a 401 session_ended to the caller that asks to handle it', async () => {
      const onSessionEnded = vi.fn();
      stubFetch(() => jsonResponse({ error: { code: 'session_ended', message: 'This session has ended.' } }, 401));
      await expect(sessionClient({ onSessionEnded }).call(sessionsContract.current, { handleSessionEnded: false })).rejects.toMatchObject({
        code: 'session_ended',
      });
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it('does not sign out on other 401s (a token the server does not accept)', async () => {
      const onSessionEnded = vi.fn();
      stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 401));
      await expect(sessionClient({ onSessionEnded }).call(meContract.get)).rejects.toMatchObject({ code: 'unauthorized' });
      expect(onSessionEnded).not.toHaveBeenCalled();
    });
  });
});

describe('GETs asked for early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A client whose token and login session a test can change, over a server that answers each GET with its count. */
  const earlyClient = () => {
    const signedIn = { token: 'token-1', session: 'session-1' };
    let answered = 0;
    const fetchMock = stubFetch(() => jsonResponse({ answer: ++answered }));
    const api = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => signedIn.token, getSessionId: () => signedIn.session });
    const sent = () => fetchMock.mock.calls.length;
    return { api, signedIn, fetchMock, sent };
  };
  /** getEarly asks once the token is read: a task later its request is out. */
  const askedEarly = async (api: ReturnType<typeof earlyClient>['api'], path: string) => {
    api.getEarly(path);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('sends the GET at once, with the token and session, and the next GET of the path takes its answer', async () => {
    const { api, fetchMock, sent } = earlyClient();
    await askedEarly(api, '/me');
    expect(sent()).toBe(1);
    expect(requestOf(fetchMock).headers.get('authorization')).toBe('Bearer token-1');
    expect(requestOf(fetchMock).headers.get('x-session-id')).toBe('session-1');
    await expect(api.request('get', '/me')).resolves.toEqual({ answer: 1 });
    expect(sent()).toBe(1);
  });

  it('answers one request only: the next one asks the server again', async () => {
    const { api, sent } = earlyClient();
    await askedEarly(api, '/me');
    await api.request('get', '/me');
    await expect(api.request('get', '/me')).resolves.toEqual({ answer: 2 });
    expect(sent()).toBe(2);
  });

  it('is kept for the next request when the one that took it stops waiting first (a remount)', async () => {
    const { api, sent } = earlyClient();
    await askedEarly(api, '/sessions/current');
    const unmounted = new AbortController();
    const first = api.request('get', '/sessions/current', { signal: unmounted.signal });
    unmounted.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(api.request('get', '/sessions/current', { signal: new AbortController().signal })).resolves.toEqual({ answer: 1 });
    expect(sent()).toBe(1);
  });

  it.each([
    ['with other tokens (right after a password sign-in)', { token: 'token-2' }],
    ['for another login session', { session: 'session-2' }],
  ])('is not taken %s', async (_case, change) => {
    const { api, signedIn, sent } = earlyClient();
    await askedEarly(api, '/sessions/current');
    Object.assign(signedIn, change);
    await expect(api.request('get', '/sessions/current')).resolves.toEqual({ answer: 2 });
    expect(sent()).toBe(2);
  });

  it('is dropped by any other request, which may change what it answered', async () => {
    const { api, sent } = earlyClient();
    await askedEarly(api, '/patients/p1');
    await api.request('put', '/patients/p1', { body: { version: 1 } });
    await expect(api.request('get', '/patients/p1')).resolves.toEqual({ answer: 3 });
    expect(sent()).toBe(3);
  });

  it('is kept across a request that changes nothing, though not a GET (a search)', async () => {
    const { api, sent } = earlyClient();
    await askedEarly(api, '/me');
    await api.call(searchContract.search, { body: { query: 'sepsis' } });
    await expect(api.request('get', '/me')).resolves.toEqual({ answer: 1 });
    expect(sent()).toBe(2);
  });

  it('is dropped when nobody takes it in time', async () => {
    vi.useFakeTimers();
    const { api, sent } = earlyClient();
    api.getEarly('/me');
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_MS);
    await expect(api.request('get', '/me')).resolves.toEqual({ answer: 2 });
    expect(sent()).toBe(2);
  });

  it('leaves its failure to the request that takes it: an ended session signs the browser out then', async () => {
    const onSessionEnded = vi.fn();
    stubFetch(() => jsonResponse({ error: { code: 'session_ended', message: 'This session has ended.' } }, 401));
    const api = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token-1', getSessionId: () => 'session-1', onSessionEnded });
    await askedEarly(api, '/me');
    expect(onSessionEnded).not.toHaveBeenCalled();
    await expect(api.call(meContract.get)).rejects.toMatchObject({ code: 'session_ended' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
});

describe('fillPath', () => {
  it.each([
    ['/sessions', {}, '/sessions'],
    ['/sessions/{sessionId}/sign-out', { sessionId: 's-1' }, '/sessions/s-1/sign-out'],
    ['/a/{x}/b/{y}', { x: '1', y: 'é' }, '/a/1/b/%C3%A9'],
  ])('fillPath(%j, %j) is %j', (path, params, want) => expect(fillPath(path, params)).toBe(want));

  it('refuses to send a request with a parameter missing', () => {
    expect(() => fillPath('/sessions/{sessionId}/sign-out', {})).toThrow('The path /sessions/{sessionId}/sign-out needs the parameter sessionId.');
  });
});

describe('queryString', () => {
  it.each([
    [{}, ''],
    [{ cursor: undefined, limit: 3 }, '?limit=3'],
    [{ cursor: 'a b/+=', limit: 1000 }, '?cursor=a+b%2F%2B%3D&limit=1000'],
  ])('queryString(%j) is %j', (query, want) => expect(queryString(query)).toBe(want));
});
