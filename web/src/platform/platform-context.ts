// What the app knows after start-up: the runtime config, the API client and this tab's id.
import type { RuntimeConfig } from '@chartside/shared';
import { createContext, use } from 'react';
import { createApiClient, type ApiClient } from './api/api-client';
import { getAccessToken } from './auth/session';
import { tabClientId } from './client-id';

export interface Platform {
  config: RuntimeConfig;
  api: ApiClient;
  clientId: string;
}

export const createPlatform = (config: RuntimeConfig, clientId: string = tabClientId): Platform => ({
  config,
  clientId,
  api: createApiClient({ apiUrl: config.apiUrl, clientId, getAccessToken }),
});

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = use(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a PlatformContext provider above it.');
  return platform;
}

export const useApi = (): ApiClient => usePlatform().api;
