// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function AdmissionsPage() {
  return <PlannedPage title="Admissions" purpose="Your admissions, listed here and opened one at a time." />;
}
export const admissionsRoute = { Component: AdmissionsPage } satisfies Partial<RouteObject>;
