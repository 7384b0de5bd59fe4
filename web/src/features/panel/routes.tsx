// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function PanelPage() {
  return <PlannedPage title="Panel" purpose="Your patient panel: every patient as a card, with tag filters, sorting by name, room, appointment or task, and a compact view." />;
}
export const panelRoute = { Component: PanelPage } satisfies Partial<RouteObject>;

function PatientPage() {
  return <PlannedPage title="Patient" purpose="A patient's record: demographics, the one-liner, structured note sections, tasks, notes and time tracking." />;
}
export const patientRoute = { Component: PatientPage } satisfies Partial<RouteObject>;
