// The last /config.json that loaded and passed validation, kept in IndexedDB so the app can start offline.
// It holds no patient data (pool ids and URLs), so it survives sign-out. Best effort: without IndexedDB the app
// simply needs the network to start.
import { runtimeConfigIssues, type RuntimeConfig } from '@chartside/shared';
import { createStore, get, set, type UseStore } from 'idb-keyval';

export interface LastGoodConfigStore {
  read(): Promise<RuntimeConfig | undefined>;
  save(config: RuntimeConfig): Promise<void>;
}

const KEY = 'runtime-config';

export function createLastGoodConfigStore(store: () => UseStore | undefined): LastGoodConfigStore {
  return {
    read: async () => {
      try {
        const idb = store();
        if (!idb) return undefined;
        const kept: unknown = await get(KEY, idb);
        return runtimeConfigIssues(kept).length ? undefined : (kept as RuntimeConfig);
      } catch {
        return undefined;
      }
    },
    save: async (config) => {
      try {
        const idb = store();
        if (idb) await set(KEY, config, idb);
      } catch {
        // Not kept: the next start needs the network, as it did before.
      }
    },
  };
}

let configDb: UseStore | undefined;

/** The app's store: its own IndexedDB database, opened on first use. */
export const lastGoodConfig: LastGoodConfigStore = createLastGoodConfigStore(() => {
  if (typeof indexedDB === 'undefined') return undefined;
  return (configDb ??= createStore('chartside-config', 'keyval'));
});
