// A TanStack Query persister that keeps the dehydrated cache in IndexedDB (idb-keyval), as a structured clone:
// no JSON round trip, and no localStorage size limit. Writes are throttled (the cache changes in bursts) and can be
// flushed at once, which the app does when the page is hidden.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set, type UseStore } from 'idb-keyval';

export interface IdbPersister extends Persister {
  /** The app version the cache is written for (persistOptions uses it as TanStack's buster). */
  readonly buster: string;
  /** Writes the pending snapshot now, if there is one. */
  flush(): Promise<void>;
}

export interface IdbPersisterOptions {
  /** The IndexedDB store (one store per concern); made on first use, so merely importing this opens nothing. */
  store: () => UseStore;
  key?: string;
  /** The app's version. A cache written by another version drops its queries but keeps its paused mutations. */
  buster: string;
  throttleMs?: number;
  /**
   * Whether snapshots are written now (default: always). Outside a sign-in they are dropped: while a signed-out page
   * unwinds, its cache may still hold the last user's patients, and nothing may write them back after the clear.
   */
  acceptsWrites?: () => boolean;
}

export const DEFAULT_PERSIST_THROTTLE_MS = 500;

/**
 * A cache written by another app version: its queries are thrown away (their shape may have changed), but
 * mutations the clinician made offline and that never reached the server are kept and resumed after the restore.
 */
const carryOverPausedMutations = (client: PersistedClient, buster: string): PersistedClient => ({
  ...client,
  buster,
  clientState: { queries: [], mutations: client.clientState.mutations.filter((mutation) => mutation.state.isPaused) },
});

export function createIdbPersister({ store, key = 'query-cache', buster, throttleMs = DEFAULT_PERSIST_THROTTLE_MS, acceptsWrites = () => true }: IdbPersisterOptions): IdbPersister {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    const client = pending;
    pending = undefined;
    if (!client) return writing;
    // One write at a time, in order: the newest snapshot always lands last.
    writing = writing.catch(() => undefined).then(() => set(key, client, store()));
    return writing;
  };

  // Leading and trailing: the first change after a quiet spell is written at once (a reload right after the data
  // arrived must find it: a write started while the page unloads is not reliable), later ones once per window.
  const coolDown = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending) {
        void write().catch(() => undefined);
        coolDown();
      }
    }, throttleMs);
  };

  return {
    buster,
    persistClient: (client) => {
      if (!acceptsWrites()) return;
      pending = client;
      if (timer) return;
      void write().catch(() => undefined);
      coolDown();
    },
    restoreClient: async () => {
      await writing.catch(() => undefined);
      const client = await get<PersistedClient>(key, store());
      if (!client || client.buster === buster) return client;
      // Without paused mutations the library itself discards a cache from another version.
      return client.clientState.mutations.some((mutation) => mutation.state.isPaused) ? carryOverPausedMutations(client, buster) : client;
    },
    removeClient: async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      await writing.catch(() => undefined);
      await del(key, store());
    },
    flush: () => write(),
  };
}
