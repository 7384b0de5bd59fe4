// Server state lives in TanStack Query. Client errors (4xx) are answers, not glitches: they are not retried.
// Queries stay in memory as long as the persisted cache keeps them (a query dropped from memory is dropped from
// IndexedDB too), so what a clinician saw this week is still there offline after a reload.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../platform/api/api-error';
import { connectivity } from '../platform/connectivity/connectivity';
import { PERSISTED_CACHE_MAX_AGE_MS } from '../platform/offline';

const MAX_RETRIES = 2;

export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return failureCount < MAX_RETRIES;
};

export const createQueryClient = (): QueryClient => {
  // Queries and mutations wait while Chartside cannot reach its server (showing the restored cache) instead of failing,
  // and go on when it is back. TanStack's own guess (the browser's online and offline events) is replaced by the app's
  // one signal, from the start: a page loaded offline starts offline.
  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity.isOnline());
    return connectivity.subscribe(setOnline);
  });
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: PERSISTED_CACHE_MAX_AGE_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
};
