// /tags, the tag manager: resource and patient tags with how many items carry each; rename, merge and delete
// apply to every item that carries the tag.
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { TagSection } from '../components/TagSection';
import { useTagSummary } from '../queries';

export function TagsPage() {
  const summary = useTagSummary();
  return (
    <PageFrame title="Tags" size="lg">
      <Text>Renaming or deleting a tag changes every resource or patient that carries it.</Text>
      {summary.isPending && <Loader aria-label="Loading tags" />}
      {summary.isError && (
        <Alert color="red" title="Could not load your tags">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{summary.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {summary.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TagSection kind="resource" title="Resource tags" tags={summary.data.resource} />
          <TagSection kind="patient" title="Patient tags" tags={summary.data.patient} />
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
