// For Home's tests: a fake API for a signed-in user that answers the search from canned hits and saves the user
// document as the server does (PATCH refused with 409 unless `version` is current). Every request is recorded.
import type { SearchHit, SearchRequest, SearchResult, UserDocument } from '@chartside/shared';
import { fetchAuthSession } from 'aws-amplify/auth';
import { vi } from 'vitest';
import { apiError, fakeApi } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { signedInSession, storeSessionId, userDocument } from '../../test/fixtures';

export const hit = (overrides: Partial<SearchHit> = {}): SearchHit => ({
  id: 'r1',
  name: 'Heart failure guideline',
  type: 'guide',
  tags: [],
  favorite: false,
  link: '',
  description: '',
  createdAt: '2025-03-01T00:00:00.000Z',
  snippets: [],
  ...overrides,
});

export type HomeApi = ReturnType<typeof homeApi>;

export function homeApi(me: Partial<UserDocument> = {}, answer: (request: SearchRequest) => Partial<SearchResult> = () => ({})) {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId();
  const api = fakeApi({ me: userDocument(me) }).install();
  api.on('POST', '/search', (request) => {
    const body = request.body as SearchRequest;
    return { hits: [], found: 0, foundIs: 'exact', facets: [], facetsAre: 'exact', page: body.page, perPage: body.perPage, ...answer(body) } satisfies SearchResult;
  });
  api.on('PATCH', '/me', (request) => {
    const { version, ...changes } = request.body as Partial<UserDocument> & { version: number };
    if (version !== api.state.me.version) return apiError(409, 'version_conflict', 'Your settings changed on another device or tab.');
    api.state.me = { ...api.state.me, ...changes, version: version + 1 };
    return api.state.me;
  });
  return api;
}

/** The bodies of every search request so far. */
export const searches = (api: HomeApi) => api.calls('POST', '/search').map((request) => request.body as SearchRequest);
