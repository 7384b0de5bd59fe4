// A page load of /panel asks for the patient list as the app starts, before the router, the signed-in shell and the
// panel's chunk load: that took ~600 ms on a loaded machine before the request went. The panel's query then finds
// the list on its way (or landed). Only with a login session on this browser: without one the app goes to Login.
// Offline the query waits, paused, and the panel shows its persisted copy.
import type { QueryClient } from '@tanstack/react-query';
import { requestSent, type ApiClient } from '../../platform/api/api-client';
import type { BrowserSession } from '../../platform/auth/browser-session';

interface Started {
  api: ApiClient;
  session: Pick<BrowserSession, 'id'>;
}

/**
 * Resolves once the request has gone out, so the caller can wait for that before the router's first navigation
 * takes the main thread (bench:panel: the request went at ~280 ms after navigation start when it waited behind it).
 */
export const prefetchPanelList = async ({ api, session }: Started, queryClient: QueryClient, pathname = window.location.pathname): Promise<void> => {
  if (!/^\/panel\/?$/.test(pathname) || session.id() === undefined) return;
  try {
    // The query comes with the API's schemas, which are not first-screen code: it loads only for this page load.
    const { patientListQuery } = await import('./queries');
    void queryClient.prefetchQuery(patientListQuery(api));
    await requestSent();
  } catch (error) {
    // Only a head start: the app starts all the same, and the panel asks for its list itself.
    console.warn('The panel list could not be asked for early', error);
  }
};
