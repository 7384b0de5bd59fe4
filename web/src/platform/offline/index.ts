// What the rest of the app uses from the offline store.
export { cachedFileBytes, keepFileBytes } from './file-cache';
export { clearPersistedData, getAppPersister, PERSISTED_CACHE_MAX_AGE_MS, persistOptions, resumeAfterRestore } from './persisted-query-cache';
export { lastGoodConfig, type LastGoodConfigStore } from './runtime-config-store';
