// Everything a page may rely on: Mantine (theme, notifications), TanStack Query (persisted to IndexedDB when the
// browser has it), the platform, and the installable app's notices (update prompt, offline banner).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider, type Persister } from '@tanstack/react-query-persist-client';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { clearPersistedData, getAppPersister, persistOptions, resumeAfterRestore } from '../platform/offline';
import { PlatformContext, type Platform } from '../platform/platform-context';
import type { AppUpdater } from '../platform/pwa/app-updater';
import { PwaNotices } from '../platform/pwa/PwaNotices';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  platform: Platform;
  queryClient: QueryClient;
  children: ReactNode;
  /** Where the query cache is persisted. Default: IndexedDB when the browser has it; null: nowhere. */
  persister?: Persister | null;
  /** The service worker's update flow. Default: this page's own (a no-op without a service worker). */
  updater?: AppUpdater;
}

function QueryProvider({ queryClient, persister, children }: { queryClient: QueryClient; persister: Persister | null; children: ReactNode }) {
  // A sign-out anywhere (Logout, a remote sign-out, an expired session) deletes the persisted cache: the next person
  // at this browser must not see the last one's patients. The in-memory cache is cleared by the sign-out path.
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') void clearPersistedData();
      }),
    [],
  );

  if (!persister) return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  // onSuccess returns nothing on purpose: the app must not wait for offline edits to reach the server (offline, they
  // wait for the network) before it shows the restored data.
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(persister)} onSuccess={() => void resumeAfterRestore(queryClient)}>
      {children}
    </PersistQueryClientProvider>
  );
}

export function AppProviders({ platform, queryClient, children, persister: givenPersister, updater }: AppProvidersProps) {
  const [persister] = useState(() => (givenPersister === undefined ? getAppPersister() : givenPersister));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications />
      <QueryProvider queryClient={queryClient} persister={persister}>
        <PlatformContext value={platform}>{children}</PlatformContext>
      </QueryProvider>
      <PwaNotices {...(updater ? { updater } : {})} />
    </MantineProvider>
  );
}
