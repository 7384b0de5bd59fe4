// Start-up: load /config.json, configure sign-in, then render the app (or a full-page error). A page load starts
// what its first screen needs at once, beside the config and sign-in: its routes' chunks and their early GETs (the
// session check among them), each of which would otherwise wait for the one before.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from 'react-router';
import { configureAmplify } from '../platform/auth/configure-amplify';
import { watchFirstEngagement } from '../platform/first-engagement';
import { loadRuntimeConfig } from '../platform/config/load-runtime-config';
import { createPlatform, type Platform } from '../platform/platform-context';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { isRouteHandle } from './route-handle';
import { appRoutes } from './routes';
import { StartupErrorPage } from './StartupErrorPage';

export interface Started {
  root: Root;
  router?: DataRouter;
}

/**
 * Begins loading the chunks of the page's routes and sends their early GETs, rather than once the router, the
 * signed-in shell and the session gate have loaded and mounted: on slow 4G that is two round trips less before the
 * first screen. Only for what this browser will show: without a login session the app goes to Login.
 */
const startPageLoad = ({ api, session }: Platform, pathname = window.location.pathname): void => {
  for (const { route, params } of matchRoutes(appRoutes, pathname) ?? []) {
    if (route.id === 'signed-in' && session.id() === undefined) return;
    // Only a head start: whatever fails here, the router and the page do again themselves, and report.
    try {
      if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
      if (isRouteHandle(route.handle)) for (const path of route.handle.earlyGets?.(params) ?? []) api.getEarly(path);
    } catch (error) {
      console.warn(`The page could not be prepared early: ${pathname}`, error);
    }
  }
};

export async function start(container: HTMLElement): Promise<Started> {
  // Before anything renders: the rich texts' editors mount ahead of use once the user is using the page.
  watchFirstEngagement();
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
  startPageLoad(platform);
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
