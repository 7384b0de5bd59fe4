// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function TemplatesPage() {
  return <PlannedPage title="Templates" purpose="Your text templates and note-field templates, ready to insert into notes." />;
}
export const templatesRoute = { Component: TemplatesPage } satisfies Partial<RouteObject>;
