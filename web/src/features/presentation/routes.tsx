// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function PresentationPage() {
  return (
    <PlannedPage
      title="MedEd Presentation"
      purpose="The February 2025 medical-education presentation, shown full screen."
      backTo={{ to: '/', label: 'Back to Home' }}
    />
  );
}
export const presentationRoute = { Component: PresentationPage } satisfies Partial<RouteObject>;
