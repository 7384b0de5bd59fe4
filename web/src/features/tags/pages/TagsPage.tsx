// /tags, the tag manager: resource and patient tags with how many items carry each; rename, merge and delete
// apply to every item that carries the tag.
import { Loader, SimpleGrid, Text } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { TagSection } from '../components/TagSection';
import { useTagSummary } from '../queries';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

export function TagsPage() {
  const summary = useTagSummary();
  return (
    <PageFrame title="Tags" size="lg">
      <Text>Renaming or deleting a tag changes every resource or patient that carries it.</Text>
      {summary.isPending && <Loader aria-label="Loading tags" />}
      <QueryErrorAlert query={summary} what="your tags" />
      {summary.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TagSection kind="resource" title="Resource tags" tags={summary.data.resource} />
          <TagSection kind="patient" title="Patient tags" tags={summary.data.patient} />
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
