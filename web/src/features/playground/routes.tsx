// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function PlaygroundPage() {
  return <PlannedPage title="Playground" purpose="A place to try new Chartside features before they join the main screens." />;
}
export const playgroundRoute = { Component: PlaygroundPage } satisfies Partial<RouteObject>;
