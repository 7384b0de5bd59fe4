// The app's persisted TanStack Query cache: what a clinician last saw, shown again offline after a reload, and the
// changes they made offline (paused mutations), resumed when the app is back. It lives in IndexedDB; the service
// worker never stores an API answer.
import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions, Persister } from '@tanstack/react-query-persist-client';
import { createStore } from 'idb-keyval';
import { APP_VERSION } from '../pwa/app-version';
import { clearFileCache } from './file-cache';
import { createIdbPersister, type IdbPersister } from './idb-persister';

/** How old a persisted cache may be before it is thrown away (and how long an unused query stays in memory). */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const DATABASE = 'chartside-query-cache';

let appPersister: IdbPersister | undefined;

const watchPageLifecycle = (persister: IdbPersister) => {
  const flush = () => void persister.flush().catch(() => undefined);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
};

/** The persister of this page: IndexedDB when the browser has it, otherwise none (nothing is persisted). */
export function getAppPersister(): IdbPersister | null {
  if (typeof indexedDB === 'undefined') return null;
  if (!appPersister) {
    let store: ReturnType<typeof createStore> | undefined;
    appPersister = createIdbPersister({ store: () => (store ??= createStore(DATABASE, 'keyval')), buster: APP_VERSION });
    watchPageLifecycle(appPersister);
  }
  return appPersister;
}

/**
 * Persist only successful queries (never an error or a half-done fetch); a query can opt out with
 * `meta: { persist: false }`. Paused mutations are persisted (TanStack's default) so offline edits survive a reload.
 */
export const persistOptions = (persister: Persister & { buster?: string }): Omit<PersistQueryClientOptions, 'queryClient'> => ({
  persister,
  maxAge: PERSISTED_CACHE_MAX_AGE_MS,
  buster: persister.buster ?? APP_VERSION,
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
  },
});

/** After a restore: send the changes made offline first, then refetch everything shown. */
export async function resumeAfterRestore(queryClient: QueryClient): Promise<void> {
  await queryClient.resumePausedMutations();
  await queryClient.invalidateQueries();
}

/**
 * Deletes the persisted query cache and the files kept on this device (call it on sign-out, after `queryClient.clear()`): the next user of this browser
 * must not see the last one's patients. The app also calls it when Amplify reports a sign-out.
 *
 * The unsaved edits kept on this device (draft-store) are NOT deleted here. They are keyed by user id, so the next
 * user of this browser never loads them, and a session that ends without the user asking (expired, signed out
 * remotely) must not silently throw away what was typed offline: they are restored when the same user signs in
 * again. Only the user's own Logout deletes them, after asking (use-sign-out).
 */
export async function clearPersistedData(): Promise<void> {
  await Promise.all([getAppPersister()?.removeClient(), clearFileCache()]);
}
