// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function FeedPage() {
  return <PlannedPage title="Feed" purpose="Your feed, with unread items marked. The count beside Feed in the top bar comes from here." />;
}
export const feedRoute = { Component: FeedPage } satisfies Partial<RouteObject>;

function FeedSettingsPage() {
  return <PlannedPage title="Feed Settings" purpose="Choose what your feed shows." />;
}
export const feedSettingsRoute = { Component: FeedSettingsPage } satisfies Partial<RouteObject>;
