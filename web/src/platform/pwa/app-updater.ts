// The service worker's side of the app update flow (spec section 4, "App update"): registers the worker built by
// vite-plugin-pwa (registerType 'prompt'), says when a new version waits and when the app first works offline,
// checks for a new version every minute, and applies one on 'Update Now'.
//
// Applying an update: the waiting worker is told to skip waiting; it activates and, with clientsClaim, takes over
// this page (controllerchange). The page reloads 3 s after 'Update Now' (or when the takeover comes, if later) and
// leaves a success flag for the next page. A page another tab updated is taken over too, and reloads the same way,
// since the old build's lazy chunks are no longer cached.
import { registerSW as pluginRegisterSW, type RegisterSWOptions } from 'virtual:pwa-register';
import { connectivity } from '../connectivity/connectivity';
import { RELOAD_AFTER_UPDATE_MS, UPDATE_CHECK_INTERVAL_MS, UPDATE_TAKEOVER_TIMEOUT_MS } from './constants';
import { createPwaFlags, type PwaFlags } from './pwa-flags';

export type UpdateStatus = 'idle' | 'updating' | 'failed';

export interface AppUpdateState {
  /** A new version is installed and waits for 'Update Now'. */
  needRefresh: boolean;
  /** The app is cached and works offline (first install done, or a worker already controlled this page). */
  offlineReady: boolean;
  status: UpdateStatus;
  /** Why the last 'Update Now' failed. */
  error?: string;
}

export interface AppUpdater {
  getState(): AppUpdateState;
  subscribe(listener: () => void): () => void;
  /** 'Update Now'. Never rejects: a failure ends in status 'failed' with its message. */
  update(): Promise<void>;
  /** Asks the server whether a newer service worker exists (also done every UPDATE_CHECK_INTERVAL_MS). */
  checkForUpdate(): Promise<void>;
  /** Forgets the last failure (the prompt was put off with 'Later'). */
  clearError(): void;
  dispose(): void;
}

export interface AppUpdaterDeps {
  registerSW?: (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;
  serviceWorker?: ServiceWorkerContainer;
  flags?: PwaFlags;
  reload?: () => void;
  isOnline?: () => boolean;
  now?: () => number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAppUpdater({
  registerSW = pluginRegisterSW,
  serviceWorker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
  flags = createPwaFlags(),
  reload = () => window.location.reload(),
  isOnline = connectivity.isOnline,
  now = Date.now,
}: AppUpdaterDeps = {}): AppUpdater {
  let state: AppUpdateState = { needRefresh: false, offlineReady: Boolean(serviceWorker?.controller), status: 'idle' };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<AppUpdateState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  let registration: ServiceWorkerRegistration | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let hadController = Boolean(serviceWorker?.controller);
  /** Set while 'Update Now' waits for the new worker to take over. */
  let takenOver: (() => void) | undefined;

  const reloadIntoNewVersion = () => {
    flags.markUpdated(now());
    reload();
  };

  const onControllerChange = () => {
    const wasControlled = hadController;
    hadController = true;
    if (takenOver) {
      takenOver();
      return;
    }
    // The first worker claiming a page that had none is the first install, not an update.
    if (!wasControlled || state.status === 'updating') return;
    set({ status: 'updating', error: undefined });
    void delay(RELOAD_AFTER_UPDATE_MS).then(reloadIntoNewVersion);
  };
  serviceWorker?.addEventListener('controllerchange', onControllerChange);

  const checkForUpdate = async () => {
    if (!registration || registration.installing || !isOnline()) return;
    try {
      await registration.update();
    } catch {
      // Offline or the server is down: the next check tries again.
    }
  };

  const skipWaiting = registerSW({
    // Registered once the page has loaded, so the precache download does not compete with the app's own files.
    immediate: false,
    onNeedRefresh: () => set({ needRefresh: true }),
    onOfflineReady: () => set({ offlineReady: true }),
    // The plugin would reload at once when the new worker takes over; the reload is ours (3 s after 'Update Now').
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      if (registered?.active) set({ offlineReady: true });
      checkTimer ??= setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
    },
  });

  /** Resolves when a new worker takes over this page; rejects after UPDATE_TAKEOVER_TIMEOUT_MS. */
  const expectTakeover = () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the new version did not start within ${UPDATE_TAKEOVER_TIMEOUT_MS / 1000} seconds`)), UPDATE_TAKEOVER_TIMEOUT_MS);
      takenOver = resolve;
    });
    const cancel = () => {
      clearTimeout(timer);
      takenOver = undefined;
    };
    return { done: done.finally(cancel), cancel };
  };

  const update = async () => {
    if (state.status === 'updating') return;
    set({ status: 'updating', error: undefined });
    let takeover: ReturnType<typeof expectTakeover> | undefined;
    try {
      if (!serviceWorker) throw new Error('this browser has no service worker');
      const waiting = registration?.waiting ?? (await serviceWorker.getRegistration())?.waiting;
      if (!waiting) throw new Error('no new version is waiting; reload the page to get it');
      takeover = expectTakeover();
      const reloadDue = delay(RELOAD_AFTER_UPDATE_MS);
      await skipWaiting();
      await Promise.all([takeover.done, reloadDue]);
      reloadIntoNewVersion();
    } catch (error) {
      takeover?.cancel();
      set({ status: 'failed', error: messageOf(error) });
    }
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    checkForUpdate,
    clearError: () => {
      if (state.status === 'failed') set({ status: 'idle', error: undefined });
    },
    dispose: () => {
      if (checkTimer) clearInterval(checkTimer);
      serviceWorker?.removeEventListener('controllerchange', onControllerChange);
      listeners.clear();
    },
  };
}

let appUpdater: AppUpdater | undefined;

/** The page's one updater (one service worker registration per page), made on first use. */
export const getAppUpdater = (): AppUpdater => (appUpdater ??= createAppUpdater());
