// /panel/:id. A missing or foreign id (404) sends the user to the panel with a notice; the patient opens once loaded.
import { Container, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { PatientScreen } from '../components/PatientScreen';
import { usePatient } from '../queries';

export function PatientPage() {
  const id = useParams().id ?? '';
  const patient = usePatient(id);
  const missing = patient.error instanceof ApiError && patient.error.status === 404;

  if (missing) return <Navigate to="/panel" replace state={{ notice: 'That patient does not exist, or was deleted.' }} />;
  return (
    <Container size="xl" py="lg" px="md">
      {patient.isPending && <Loader role="status" aria-label="Loading the patient" />}
      <QueryErrorAlert query={patient} what="this patient" />
      {/* Keyed by id: another patient starts a new draft and autosave. */}
      {patient.data && <PatientScreen key={id} patient={patient.data} />}
    </Container>
  );
}
