// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function FileCleanerPage() {
  return <PlannedPage title="File Cleaner" purpose="Finds stored files that no resource uses any more, so they can be removed." />;
}
export const fileCleanerRoute = { Component: FileCleanerPage } satisfies Partial<RouteObject>;
