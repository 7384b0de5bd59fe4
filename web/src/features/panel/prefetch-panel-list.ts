// A page load of /panel asks for the patient list as the app starts, not once the router, the signed-in shell, the
// panel's chunk and the persisted cache have loaded: that took ~600 ms on a loaded machine before the request went.
// The panel's query then finds the list on its way (or landed). Only with a login session on this browser: without one
// the app goes to Login. Offline the query waits, paused, and the panel shows its persisted copy.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api/api-client';
import type { BrowserSession } from '../../platform/auth/browser-session';

interface Started {
  api: ApiClient;
  session: Pick<BrowserSession, 'id'>;
}

export const prefetchPanelList = ({ api, session }: Started, queryClient: QueryClient, pathname = window.location.pathname) => {
  if (!/^\/panel\/?$/.test(pathname) || session.id() === undefined) return;
  // The query comes with the API's schemas, which are not first-screen code: it loads only for this page load.
  void import('./queries').then(({ patientListQuery }) => queryClient.prefetchQuery(patientListQuery(api)));
};
