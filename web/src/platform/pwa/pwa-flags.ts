// What the update flow remembers across reloads, in localStorage: small timestamps and a yes/no, never patient data.
// A browser that refuses storage (private mode, quota) only forgets them.

const KEYS = {
  updateDismissedUntil: 'chartside.pwa.update-dismissed-until',
  updatedAt: 'chartside.pwa.updated-at',
  offlineReadyDismissed: 'chartside.pwa.offline-ready-dismissed',
} as const;

export interface PwaFlags {
  /** Until when (epoch ms) 'Later' hides the update prompt; 0 when it does not. */
  updateDismissedUntil(): number;
  dismissUpdateUntil(until: number): void;
  /** When (epoch ms) the app last updated itself, while the success flag is kept; undefined otherwise. */
  updatedAt(): number | undefined;
  markUpdated(at: number): void;
  clearUpdated(): void;
  /** Whether the offline-ready notice was dismissed (for good). */
  offlineReadyDismissed(): boolean;
  dismissOfflineReady(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): KeyValueStorage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export function createPwaFlags(storage: KeyValueStorage | undefined = browserStorage()): PwaFlags {
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null): void => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Storage full or refused: the flag lasts until the page goes away, which is all we can do.
    }
  };
  const readNumber = (key: string): number | undefined => {
    const value = Number(read(key) ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  };

  return {
    updateDismissedUntil: () => readNumber(KEYS.updateDismissedUntil) ?? 0,
    dismissUpdateUntil: (until) => write(KEYS.updateDismissedUntil, String(until)),
    updatedAt: () => readNumber(KEYS.updatedAt),
    markUpdated: (at) => write(KEYS.updatedAt, String(at)),
    clearUpdated: () => write(KEYS.updatedAt, null),
    offlineReadyDismissed: () => read(KEYS.offlineReadyDismissed) === 'true',
    dismissOfflineReady: () => write(KEYS.offlineReadyDismissed, 'true'),
  };
}
