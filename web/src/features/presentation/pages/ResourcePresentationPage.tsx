// /present/:resourceId: one of the user's resources as a full-screen deck, a slide per section. A missing or foreign id
// (404) says so with a way back; leaving returns to the resource.
import { resourcesContract } from '@chartside/shared';
import { Alert, Anchor, Container, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { useApi } from '../../../platform/platform-context';
import { SlideDeck } from '../components/SlideDeck';
import { resourceSlides } from '../slides';

const presentationKeys = { resource: (id: string) => ['presentation', 'resource', id] as const };

export function ResourcePresentationPage() {
  const id = useParams().resourceId ?? '';
  const api = useApi();
  const resource = useQuery({
    queryKey: presentationKeys.resource(id),
    queryFn: ({ signal }) => api.call(resourcesContract.get, { params: { resourceId: id }, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (resource.data) {
    const backTo = { to: `/resources/${encodeURIComponent(id)}`, label: 'Back to the resource' };
    return <SlideDeck title={resource.data.name} slides={resourceSlides(resource.data)} backTo={backTo} />;
  }
  return (
    <Container size="sm" py="lg">
      {resource.isPending && <Loader role="status" aria-label="Loading the presentation" />}
      {resource.error instanceof ApiError && resource.error.status === 404 ? (
        <Alert color="yellow" title="Nothing to present">
          That resource does not exist, or it was deleted. <Anchor component={Link} to="/resources">Back to Resources</Anchor>
        </Alert>
      ) : (
        <QueryErrorAlert query={resource} what="this resource" />
      )}
    </Container>
  );
}
