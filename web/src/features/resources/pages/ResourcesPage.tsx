// /resources: every resource of the user, sortable, filterable by type and tags (the URL holds the view), each row
// linking to its page; 'New Resource' opens the create dialog.
import { resourceTypes } from '@chartside/shared';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ResourceTypeIcon, resourceTypeStyles } from '../../../components/ResourceTypeIcon';
import { CreateResourceDialog } from '../components/CreateResourceDialog';
import { IconBookmark } from '../../../components/icons';
import { useResourceList } from '../queries';
import { applyListView, listSorts, parseSort, parseType, readListView, writeListView, type ListView } from '../resource-list-view';

const typeOptions = [{ value: '', label: 'All types' }, ...resourceTypes.map((type) => ({ value: type, label: resourceTypeStyles[type].label }))];
const sortOptions = Object.entries(listSorts).map(([value, label]) => ({ value, label }));

/** Why the user landed here, when a resource page sent them (a missing or deleted resource). */
const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

export function ResourcesPage() {
  const list = useResourceList();
  const [params, setParams] = useSearchParams();
  const notice = noticeOf(useLocation().state);
  const [creating, setCreating] = useState(false);
  const view = readListView(params);
  const setView = (next: Partial<ListView>) => setParams(writeListView({ ...view, ...next }), { replace: true });

  const resources = list.data?.resources;
  const allTags = useMemo(() => [...new Set(resources?.flatMap((r) => r.tags) ?? [])].sort((a, b) => a.localeCompare(b)), [resources]);
  const shown = resources ? applyListView(resources, view) : [];

  return (
    <PageFrame title="Resources" size="lg" actions={<Button onClick={() => setCreating(true)}>New Resource</Button>}>
      {notice && (
        <Alert color="yellow" role="status">
          {notice}
        </Alert>
      )}
      <Group align="flex-end" gap="sm">
        <Select label="Type" data={typeOptions} value={view.type ?? ''} onChange={(type) => setView({ type: parseType(type) })} allowDeselect={false} w={170} />
        <MultiSelect label="Tags" data={allTags} value={view.tags} onChange={(tags) => setView({ tags })} placeholder={view.tags.length ? undefined : 'Any tag'} searchable clearable miw={200} style={{ flex: 1 }} />
        <Select label="Sort by" data={sortOptions} value={view.sort} onChange={(sort) => setView({ sort: parseSort(sort) })} allowDeselect={false} w={190} />
      </Group>
      {list.isPending && <Loader role="status" aria-label="Loading resources" />}
      <QueryErrorAlert query={list} what="your resources" />
      {resources && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown.length === resources.length ? `${resources.length} resources` : `${shown.length} of ${resources.length} resources`}
        </Text>
      )}
      {resources && shown.length === 0 && (
        <Text>{resources.length === 0 ? 'No resources yet. Create one with New Resource.' : 'No resources match these filters.'}</Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Resources">
        {shown.map((resource) => (
          <Paper component="li" key={resource.id} withBorder px="md" py="sm" style={{ listStyle: 'none' }}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ResourceTypeIcon type={resource.type} label />
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Anchor component={Link} to={`/resources/${encodeURIComponent(resource.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {resource.name}
                </Anchor>
                {resource.description.trim() && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {resource.description}
                  </Text>
                )}
                {resource.tags.length > 0 && (
                  <Group gap={4}>
                    {resource.tags.map((tag) => (
                      <Badge key={tag} variant="light" color="gray" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Stack>
              {resource.favorite && (
                <Badge variant="default" tt="none" leftSection={<Box component="span" c="yellow.7" display="flex"><IconBookmark filled size={12} /></Box>}>
                  Favorite
                </Badge>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <CreateResourceDialog opened={creating} onClose={() => setCreating(false)} />
    </PageFrame>
  );
}
