// Start-up: load /config.json, configure sign-in, then render the app (or a full-page error). A page load of the panel
// asks for its list first (prefetch-panel-list.ts).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { prefetchPanelList } from '../features/panel/prefetch-panel-list';
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
  const queryClient = createQueryClient();
  const platform = createPlatform(config, queryClient);
  await prefetchPanelList(platform, queryClient);
  const router = createBrowserRouter(appRoutes);
  root.render(
    <StrictMode>
      <AppProviders platform={platform} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { root, router };
}
