// Start-up: load /config.json, configure sign-in, then render the app (or a full-page error).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { configureAmplify } from '../platform/auth/configure-amplify';
import { loadRuntimeConfig } from '../platform/config/load-runtime-config';
import { createPlatform } from '../platform/platform-context';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';
import { StartupErrorPage } from './StartupErrorPage';

export interface Started {
  root: Root;
  router?: DataRouter;
}

export async function start(container: HTMLElement): Promise<Started> {
  const root = createRoot(container);
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    root.render(<StartupErrorPage message={error instanceof Error ? error.message : String(error)} />);
    return { root };
  }
  configureAmplify(config);
  const router = createBrowserRouter(appRoutes);
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <AppProviders platform={createPlatform(config, queryClient)} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { root, router };
}
