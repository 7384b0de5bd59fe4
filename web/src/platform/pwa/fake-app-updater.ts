// A hand-driven AppUpdater for component tests.
import { vi } from 'vitest';
import type { AppUpdater, AppUpdateState } from './app-updater';

export interface FakeAppUpdater extends AppUpdater {
  setState(patch: Partial<AppUpdateState>): void;
}

export function createFakeAppUpdater(initial: Partial<AppUpdateState> = {}): FakeAppUpdater {
  let state: AppUpdateState = { needRefresh: false, offlineReady: false, status: 'idle', ...initial };
  const listeners = new Set<() => void>();
  const setState = (patch: Partial<AppUpdateState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: vi.fn(async () => undefined),
    checkForUpdate: vi.fn(async () => undefined),
    clearError: vi.fn(() => setState({ status: 'idle', error: undefined })),
    dispose: () => listeners.clear(),
    setState,
  };
}

/** PwaFlags over an in-memory Storage, so a test can "reload" by rendering again with the same storage. */
export class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
