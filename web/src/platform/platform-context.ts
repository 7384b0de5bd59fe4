// What the app knows after start-up: the runtime config, the API client, this tab's id and this browser's login session.
import type { RuntimeConfig } from '@chartside/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { createApiClient, type ApiClient } from './api/api-client';
import { createBrowserSession, type BrowserSession, type BrowserSessionDeps } from './auth/browser-session';
import { getAccessToken, signOut } from './auth/session';
import { tabClientId } from './client-id';
import { connectivity, healthProbe } from './connectivity/connectivity';
import { clearPersistedData } from './offline';

export interface Platform {
  config: RuntimeConfig;
  api: ApiClient;
  clientId: string;
  session: BrowserSession;
}

export interface PlatformOptions extends Partial<Omit<BrowserSessionDeps, 'clearQueryCache'>> {
  clientId?: string;
}

/** `queryClient` is the app's cache: emptied when the session ends under the app's feet. */
export const createPlatform = (config: RuntimeConfig, queryClient: QueryClient, options: PlatformOptions = {}): Platform => {
  const { clientId = tabClientId, ...deps } = options;
  connectivity.setProbe(healthProbe(config.apiUrl));
  const session = createBrowserSession({
    storage: window.localStorage,
    signOut,
    clearPersistedData,
    clearQueryCache: () => queryClient.clear(),
    reload: () => window.location.reload(),
    ...deps,
  });
  return {
    config,
    clientId,
    session,
    api: createApiClient({
      apiUrl: config.apiUrl,
      clientId,
      getAccessToken,
      getSessionId: () => session.id(),
      onSessionEnded: () => void session.end(),
    }),
  };
};

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = use(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a PlatformContext provider above it.');
  return platform;
}

export const useApi = (): ApiClient => usePlatform().api;
