import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../platform/api/api-client';
import { fakeApi } from '../../test/fake-api';
import { patientRecord } from '../../test/fixtures';
import { prefetchPanelList } from './prefetch-panel-list';
import { patientKeys } from './queries';

const patients = [patientRecord({ id: 'p-1', lastname: 'Okafor' })];

const started = (sessionId: string | undefined) => {
  const api = fakeApi().on('GET', '/patients', { patients }).install();
  const client = createApiClient({ apiUrl: '/api', clientId: 'tab-1', getAccessToken: async () => 'token', getSessionId: () => sessionId });
  return { api, platform: { api: client, session: { id: () => sessionId } }, queryClient: new QueryClient() };
};

afterEach(() => vi.unstubAllGlobals());

describe('prefetchPanelList', () => {
  it('asks for the list as a page load of /panel starts, resolving once the request is out, into the query the panel reads', async () => {
    const { api, platform, queryClient } = started('session-1');
    await prefetchPanelList(platform, queryClient, '/panel');
    expect(api.calls('GET', '/patients')).toHaveLength(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(patientKeys.list())).toEqual({ patients }));
    expect(api.calls('GET', '/patients')).toHaveLength(1);
  });

  it.each([
    ['another page', '/panel/p-1', 'session-1'],
    ['no login session on this browser', '/panel', undefined],
  ])('asks for nothing on %s', async (_case, pathname, sessionId) => {
    const { api, platform, queryClient } = started(sessionId);
    await prefetchPanelList(platform, queryClient, pathname);
    expect(api.requests).toEqual([]);
  });
});
