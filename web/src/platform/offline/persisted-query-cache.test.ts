import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, countStoredDrafts, createDraftWriter, draftKey } from '../autosave/draft-store';
import { clearPersistedData, getAppPersister } from './persisted-query-cache';

afterEach(() => clearDrafts('user-1'));

describe('clearPersistedData', () => {
  it('deletes the persisted query cache but keeps the edits kept on this device (a session that ends unasked)', async () => {
    const persister = getAppPersister();
    await persister?.persistClient({ buster: 'v1', timestamp: Date.now(), clientState: { queries: [], mutations: [] } });
    await createDraftWriter(draftKey('user-1', 'patient', 'p-1'), () => ({ base: { id: 'p-1' }, changes: { room: '5C' } })).flush();

    await clearPersistedData();

    expect(await persister?.restoreClient()).toBeUndefined();
    expect(await countStoredDrafts('user-1')).toBe(1);
  });
});
