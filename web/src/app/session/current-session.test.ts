import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../platform/api/api-client';
import { fakeApi } from '../../test/fake-api';
import { loginSession } from '../../test/fixtures';
import { askCurrentSessionAtStart, currentSession } from './current-session';

const started = () => {
  const api = fakeApi().on('GET', '/sessions/current', (request) => loginSession({ sessionId: request.headers.get('x-session-id') ?? '' })).install();
  const client = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token', getSessionId: () => 'session-1' });
  return { api, client };
};

const check = (freshSignIn = false) => ({ freshSignIn, signal: new AbortController().signal });

afterEach(() => vi.unstubAllGlobals());

describe('the login session asked about at start', () => {
  it('is out when the start resolves, and the first check of that session takes its answer', async () => {
    const { api, client } = started();
    await askCurrentSessionAtStart(client, 'session-1');
    expect(api.calls('GET', '/sessions/current')).toHaveLength(1);
    await expect(currentSession(client, 'session-1', check())).resolves.toMatchObject({ sessionId: 'session-1' });
    expect(api.calls('GET', '/sessions/current')).toHaveLength(1);
  });

  it('answers one check only: the next one asks the server again', async () => {
    const { api, client } = started();
    await askCurrentSessionAtStart(client, 'session-1');
    await currentSession(client, 'session-1', check());
    await currentSession(client, 'session-1', check());
    expect(api.calls('GET', '/sessions/current')).toHaveLength(2);
  });

  it('is kept for the next check when the one that took it stopped waiting first (a remount)', async () => {
    const { api, client } = started();
    await askCurrentSessionAtStart(client, 'session-1');
    const unmounted = new AbortController();
    const first = currentSession(client, 'session-1', { freshSignIn: false, signal: unmounted.signal });
    unmounted.abort();
    await first;
    await currentSession(client, 'session-1', check());
    expect(api.calls('GET', '/sessions/current')).toHaveLength(1);
  });

  it.each([
    ['right after a password sign-in (asked with the tokens before it)', 'session-1', true],
    ['for another session', 'session-2', false],
  ])('is not taken %s', async (_case, sessionId, freshSignIn) => {
    const { api, client } = started();
    await askCurrentSessionAtStart(client, 'session-1');
    await currentSession(client, sessionId, check(freshSignIn));
    expect(api.calls('GET', '/sessions/current')).toHaveLength(2);
  });
});
