// Start-up: load /config.json, configure sign-in, then render the app (or a full-page error). A page load of a
// signed-in page asks about its login session first (session/current-session.ts), and one of the panel for its list
// (prefetch-panel-list.ts).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { prefetchPanelList } from '../features/panel/prefetch-panel-list';
import { configureAmplify } from '../platform/auth/configure-amplify';
import { watchFirstEngagement } from '../platform/first-engagement';
import { loadRuntimeConfig } from '../platform/config/load-runtime-config';
import { createPlatform, type Platform } from '../platform/platform-context';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';
import { StartupErrorPage } from './StartupErrorPage';

export interface Started {
  root: Root;
  router?: DataRouter;
}

/** Resolves once the request is out; a failure to ask early only logs (the session gate asks itself). */
const askAboutSessionAtStart = async ({ api, session }: Platform, pathname = window.location.pathname): Promise<void> => {
  const sessionId = session.id();
  if (sessionId === undefined || /^\/login\/?$/.test(pathname)) return;
  try {
    // Not first-screen code (the API's schemas come with it): it loads only for a signed-in page load.
    const { askCurrentSessionAtStart } = await import('./session/current-session');
    await askCurrentSessionAtStart(api, sessionId);
  } catch (error) {
    console.warn('The login session could not be checked early', error);
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
  await Promise.all([askAboutSessionAtStart(platform), prefetchPanelList(platform, queryClient)]);
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
