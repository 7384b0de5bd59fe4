// /resources/:id. A missing or foreign id (404) sends the user to the list with a notice; the resource opens once loaded.
import { Container, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { ResourceScreen } from '../components/ResourceScreen';
import { useResource } from '../queries';

export function ResourcePage() {
  const id = useParams().id ?? '';
  const resource = useResource(id);
  const missing = resource.error instanceof ApiError && resource.error.status === 404;

  if (missing) return <Navigate to="/resources" replace state={{ notice: 'That resource does not exist, or it was deleted.' }} />;
  return (
    <Container size="md" py="lg" px="md">
      {resource.isPending && <Loader role="status" aria-label="Loading the resource" />}
      <QueryErrorAlert query={resource} what="this resource" />
      {/* Keyed by id: another resource starts a new draft and autosave. */}
      {resource.data && <ResourceScreen key={id} resource={resource.data} />}
    </Container>
  );
}
