// The app's persisted TanStack Query cache: what a clinician last saw, shown again offline after a reload, and the
// changes they made offline (paused mutations), resumed when the app is back. It lives in IndexedDB; the service
// worker never stores an API answer. Everything of it goes when the sign-in ends (clearPersistedData).
import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions, Persister } from '@tanstack/react-query-persist-client';
import { createStore } from 'idb-keyval';
import { hasStoredSession } from '../auth/browser-session';
import { clearDrafts } from '../autosave/draft-store';
import { APP_VERSION } from '../pwa/app-version';
import { clearFileCache } from './file-cache';
import { createIdbPersister, type IdbPersister } from './idb-persister';
import { clearPatientNotes } from './patient-notes-storage';

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
    appPersister = createIdbPersister({ store: () => (store ??= createStore(DATABASE, 'keyval')), buster: APP_VERSION, acceptsWrites: () => hasStoredSession() });
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
 * Deletes all patient data this browser keeps: the persisted query cache (its paused mutations too), the files, the
 * unsaved edits (draft-store) and the tools' patient notes. Every way a sign-in ends calls it (Logout, terminate-all,
 * a remote sign-out, a public session's expiry; the app also calls it when Amplify reports a sign-out), after
 * `queryClient.clear()`. PHI must not outlive the sign-in on this device (a shared computer, a lost phone signed out
 * from elsewhere), so edits typed offline go too: Logout asks first (use-sign-out); an ending nobody asked for cannot.
 *
 * Kept: the runtime config (pool ids and URLs), the update flow's flags, the push device id, the day of the last
 * backup and the moonlighting log; none names a patient. The service worker caches only the app's own files.
 */
export async function clearPersistedData(): Promise<void> {
  clearPatientNotes();
  await Promise.all([getAppPersister()?.removeClient(), clearFileCache(), clearDrafts()]);
}
