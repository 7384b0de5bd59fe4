// /admissions/:id. A missing or foreign id (404) sends the user to the list with a notice; the note opens once loaded.
import { Container, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { AdmissionScreen } from '../components/AdmissionScreen';
import { useAdmission } from '../queries';

export function AdmissionPage() {
  const id = useParams().id ?? '';
  const admission = useAdmission(id);
  const missing = admission.error instanceof ApiError && admission.error.status === 404;

  if (missing) return <Navigate to="/admissions" replace state={{ notice: 'That admission note does not exist, or it was deleted.' }} />;
  return (
    <Container size="md" py="lg" px="md">
      {admission.isPending && <Loader role="status" aria-label="Loading the admission note" />}
      <QueryErrorAlert query={admission} what="this admission note" />
      {/* Keyed by id: another note starts a new draft and autosave. */}
      {admission.data && <AdmissionScreen key={id} admission={admission.data} />}
    </Container>
  );
}
