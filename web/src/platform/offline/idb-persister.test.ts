import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdbPersister } from './idb-persister';

const client = (email: string, buster = 'v1', pausedMutation = false): PersistedClient => ({
  buster,
  timestamp: Date.now(),
  clientState: {
    queries: [
      {
        queryKey: ['me', 'document'],
        queryHash: '["me","document"]',
        dehydratedAt: 1,
        state: { data: { email }, status: 'success', dataUpdatedAt: 1, dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, fetchStatus: 'idle', isInvalidated: false },
      },
    ],
    mutations: pausedMutation
      ? [
          {
            mutationKey: ['patient', 'save'],
            state: { context: undefined, data: undefined, error: null, failureCount: 0, failureReason: null, isPaused: true, status: 'pending', variables: { id: 'p1', oneliner: '72M CHF' }, submittedAt: 1 },
          },
        ]
      : [],
  },
});

describe('createIdbPersister', () => {
  const store = () => createStore('test-query-cache', 'keyval');
  const stored = () => get<PersistedClient>('query-cache', store());

  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });
  it('writes the first change at once, then the newest snapshot once per throttle window', async () => {
    const persister = createIdbPersister({ store, buster: 'v1', throttleMs: 100 });
    const email = async () => (await stored())?.clientState.queries[0]?.state.data;
    await persister.persistClient(client('a@example.org'));
    await persister.persistClient(client('b@example.org'));
    await persister.persistClient(client('c@example.org'));
    await vi.waitFor(async () => expect(await email()).toEqual({ email: 'a@example.org' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await email()).toEqual({ email: 'c@example.org' });
  });

  it('flush writes at once (the page is being hidden), and restore reads it back as stored', async () => {
    const persister = createIdbPersister({ store, buster: 'v1', throttleMs: 60_000 });
    const saved = client('a@example.org');
    await persister.persistClient(saved);
    await persister.flush();
    const again = createIdbPersister({ store, buster: 'v1' });
    expect(await again.restoreClient()).toEqual(saved);
  });

  it('removeClient deletes the stored cache and drops a pending write', async () => {
    const persister = createIdbPersister({ store, buster: 'v1', throttleMs: 50 });
    await persister.persistClient(client('a@example.org'));
    await persister.flush();
    await persister.persistClient(client('b@example.org'));
    await persister.removeClient();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toBeUndefined();
    expect(await persister.restoreClient()).toBeUndefined();
  });

  it("keeps another version's paused mutations but drops its queries", async () => {
    await set('query-cache', client('a@example.org', 'v1', true), store());
    const restored = await createIdbPersister({ store, buster: 'v2' }).restoreClient();
    expect(restored?.buster).toBe('v2');
    expect(restored?.clientState.queries).toEqual([]);
    expect(restored?.clientState.mutations.map((m) => m.state.variables)).toEqual([{ id: 'p1', oneliner: '72M CHF' }]);
  });

  it("hands another version's cache without paused mutations back as it is, for TanStack to discard", async () => {
    await set('query-cache', client('a@example.org', 'v1'), store());
    expect((await createIdbPersister({ store, buster: 'v2' }).restoreClient())?.buster).toBe('v1');
  });
});
