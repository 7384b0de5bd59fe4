// This feature's routes, loaded lazily by the app's route table. The patient page arrives in a later release; until
// then its route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';
import { PanelPage } from './pages/PanelPage';

export const panelRoute = { Component: PanelPage } satisfies Partial<RouteObject>;

function PatientPage() {
  return <PlannedPage title="Patient" purpose="A patient's record: demographics, the one-liner, structured note sections, tasks, notes and time tracking." />;
}
export const patientRoute = { Component: PatientPage } satisfies Partial<RouteObject>;
