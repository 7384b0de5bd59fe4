// Everything a page may rely on: Mantine (theme, notifications), TanStack Query and the platform.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PlatformContext, type Platform } from '../platform/platform-context';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  platform: Platform;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ platform, queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <PlatformContext value={platform}>{children}</PlatformContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
