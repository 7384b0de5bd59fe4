// One search hit: type icon, name (opens the resource), matched snippets, up to SEARCH_RESULT_TAGS tags then '+N more',
// and its actions: open the link in a new tab, edit, add to a home list.
import { SEARCH_RESULT_TAGS, type HomeList, type HomeListItem, type SearchHit } from '@chartside/shared';
import { ActionIcon, Anchor, Badge, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { ResourceTypeIcon } from '../../../components/ResourceTypeIcon';
import { HighlightedText } from './HighlightedText';
import { IconExternalLink, IconFlag, IconListAdd, IconPencil } from '../../../components/icons';
import { isWebLink } from './web-link';

export interface SearchResultItemProps {
  hit: SearchHit;
  lists: readonly HomeList[];
  onAddToList: (listIndex: number, item: HomeListItem) => void;
}

function ResultTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, SEARCH_RESULT_TAGS);
  const hidden = tags.slice(SEARCH_RESULT_TAGS);
  return (
    <Group gap={4} component="ul" aria-label="Tags" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {shown.map((tag) => (
        <Badge key={tag} component="li" variant="light" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.join(', ')} multiline maw={300}>
          <Badge component="li" variant="outline" color="gray" tt="none" tabIndex={0}>
            +{hidden.length} more
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function AddToListMenu({ hit, lists, onAddToList }: SearchResultItemProps) {
  const item: HomeListItem = { id: hit.id, name: hit.name, type: hit.type, link: hit.link };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Add ${hit.name} to a list`}>
          <IconListAdd />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Add to list</Menu.Label>
        {lists.length === 0 && <Menu.Item disabled>Create a home list first</Menu.Item>}
        {lists.map((list, index) => {
          const added = list.items.some((each) => each.id === hit.id);
          return (
            <Menu.Item key={`${index}-${list.name}`} disabled={added} onClick={() => onAddToList(index, item)} rightSection={added ? <Text size="xs">Added</Text> : null}>
              {list.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SearchResultItem({ hit, lists, onAddToList }: SearchResultItemProps) {
  const nameSnippet = hit.snippets.find((snippet) => snippet.field === 'name');
  const textSnippets = hit.snippets.filter((snippet) => snippet.field === 'description' || snippet.field === 'textSections');
  const description = hit.description.trim();
  return (
    <Paper component="li" withBorder p="sm" style={{ listStyle: 'none' }}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ResourceTypeIcon type={hit.type} label />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" align="center">
            <Anchor component={Link} to={`/resources/${encodeURIComponent(hit.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {nameSnippet ? <HighlightedText parts={nameSnippet.parts} /> : hit.name}
            </Anchor>
            {hit.favorite && (
              <Text component="span" c="yellow.8" role="img" aria-label="Flagged" display="inline-flex">
                <IconFlag />
              </Text>
            )}
          </Group>
          {textSnippets.map((snippet, i) => (
            <Text key={i} size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              <HighlightedText parts={snippet.parts} />
            </Text>
          ))}
          {textSnippets.length === 0 && description && (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          )}
          <ResultTags tags={hit.tags} />
        </Stack>
        <Group gap={2} wrap="nowrap">
          {isWebLink(hit.link) && (
            <ActionIcon component="a" href={hit.link} target="_blank" rel="noopener noreferrer" variant="subtle" color="gray" aria-label={`Open the link of ${hit.name} in a new tab`}>
              <IconExternalLink />
            </ActionIcon>
          )}
          <ActionIcon component={Link} to={`/resources/${encodeURIComponent(hit.id)}?edit=1`} variant="subtle" color="gray" aria-label={`Edit ${hit.name}`}>
            <IconPencil />
          </ActionIcon>
          <AddToListMenu hit={hit} lists={lists} onAddToList={onAddToList} />
        </Group>
      </Group>
    </Paper>
  );
}
