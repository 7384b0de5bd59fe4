import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSessionId } from '../../test/fixtures';
import { countStoredDrafts, createDraftWriter, draftKey } from '../autosave/draft-store';
import { SESSION_ID_KEY } from '../auth/browser-session';
import { patientNotesKey } from './patient-notes-storage';
import { clearPersistedData, getAppPersister } from './persisted-query-cache';

const cacheOf = (lastname: string): PersistedClient => ({
  buster: 'v1',
  timestamp: Date.now(),
  clientState: {
    queries: [
      {
        queryKey: ['patients'],
        queryHash: '["patients"]',
        dehydratedAt: 1,
        state: { data: [{ lastname }], status: 'success', dataUpdatedAt: 1, dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, fetchStatus: 'idle', isInvalidated: false },
      },
    ],
    mutations: [],
  },
});

afterEach(() => window.localStorage.clear());

describe('clearPersistedData', () => {
  it("deletes the persisted query cache, every user's kept edits and the tools' patient notes; keeps other settings", async () => {
    storeSessionId();
    const persister = getAppPersister();
    persister?.persistClient(cacheOf('Grey'));
    await persister?.flush();
    await createDraftWriter(draftKey('user-1', 'patient', 'p-1'), () => ({ base: { id: 'p-1' }, changes: { room: '5C' } })).flush();
    await createDraftWriter(draftKey('user-2', 'resource', 'r-1'), () => ({ base: { id: 'r-1' }, changes: { name: 'Sepsis' } })).flush();
    window.localStorage.setItem(patientNotesKey('user-1', 'signout'), '{"p-1":{"summary":"Grey, sepsis"}}');
    window.localStorage.setItem('chartside.moonlight.user-1', '[]');

    window.localStorage.removeItem(SESSION_ID_KEY);
    await clearPersistedData();

    expect(await persister?.restoreClient()).toBeUndefined();
    expect(await countStoredDrafts('user-1')).toBe(0);
    expect(await countStoredDrafts('user-2')).toBe(0);
    expect(Object.keys(window.localStorage)).toEqual(['chartside.moonlight.user-1']);
  });

  it('writes nothing more once the session is gone: a signed-out page that unwinds cannot put the cache back', async () => {
    storeSessionId();
    const persister = getAppPersister();
    window.localStorage.removeItem(SESSION_ID_KEY);
    await clearPersistedData();
    persister?.persistClient(cacheOf('Grey'));
    await persister?.flush();
    expect(await persister?.restoreClient()).toBeUndefined();

    storeSessionId(); // the next sign-in
    persister?.persistClient(cacheOf('Yang'));
    await persister?.flush();
    expect((await persister?.restoreClient())?.clientState.queries[0]?.state.data).toEqual([{ lastname: 'Yang' }]);
  });
});
