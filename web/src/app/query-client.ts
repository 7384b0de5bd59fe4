// Server state lives in TanStack Query. Client errors (4xx) are answers, not glitches: they are not retried.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../platform/api/api-error';

const MAX_RETRIES = 2;

export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return failureCount < MAX_RETRIES;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
