// /panel/:id. The loading lock while the patient loads; a missing or foreign id (404) sends the user to the panel with
// a notice; offline, the copy kept on this device opens at once (the persisted query cache).
import { Alert, Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { LoadingLock } from '../components/LoadingLock';
import { PatientScreen } from '../components/PatientScreen';
import { usePatient } from '../queries';

export const MISSING_PATIENT_NOTICE = 'That patient does not exist, or was deleted.';

export function PatientPage() {
  const id = useParams().id ?? '';
  const patient = usePatient(id);
  const missing = patient.error instanceof ApiError && patient.error.status === 404;
  // Offline with no copy of this patient on the device: the query waits for the network.
  const waitingOffline = patient.isPending && patient.fetchStatus === 'paused';

  if (missing) return <Navigate to="/panel" replace state={{ notice: MISSING_PATIENT_NOTICE }} />;
  return (
    <Container size="xl" py="lg" px="md">
      {patient.isPending && <LoadingLock />}
      {waitingOffline && (
        <Alert color="yellow" role="status">
          You are offline and this patient is not on this device yet. It opens when you are back online.
        </Alert>
      )}
      <QueryErrorAlert query={patient} what="this patient" />
      {/* Keyed by id: another patient starts a new draft and autosave. */}
      {patient.data && <PatientScreen key={id} patient={patient.data} />}
    </Container>
  );
}
