// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function ResourcePage() {
  return <PlannedPage title="Resource" purpose="A saved resource: its type, tags, description, link, files, PDF highlights and content sections." />;
}
export const resourceRoute = { Component: ResourcePage } satisfies Partial<RouteObject>;
