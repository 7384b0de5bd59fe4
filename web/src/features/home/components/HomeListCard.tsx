// One home list: its name (click to rename inline: Enter or leaving the box saves, Escape cancels), moves left and
// right, delete after a confirmation, and its items. An item opens its link in a new tab, or else its resource page.
import { homeListNameTaken, MAX_SHORT_TEXT, type HomeList, type HomeListItem } from '@chartside/shared';
import { ActionIcon, Anchor, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ResourceTypeIcon } from '../../../components/ResourceTypeIcon';
import { IconChevronLeft, IconChevronRight, IconTrash, IconX } from '../../../components/icons';
import { isWebLink } from './web-link';

export interface HomeListCardProps {
  list: HomeList;
  isFirst: boolean;
  isLast: boolean;
  onRename: (name: string) => void;
  /** True when another list already has the name. */
  isNameTaken: (name: string) => boolean;
  onMove: (direction: 'left' | 'right') => void;
  onDelete: () => void;
  onRemoveItem: (itemId: string) => void;
}

function ListName({ name, onRename, isNameTaken }: { name: string; onRename: (name: string) => void; isNameTaken: (name: string) => boolean }) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (draft === undefined) {
    return (
      <UnstyledButton onClick={() => setDraft(name)} aria-label={`Rename ${name}`} title="Rename" style={{ minWidth: 0 }}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      </UnstyledButton>
    );
  }
  const taken = draft.trim() !== name && isNameTaken(draft);
  const finish = (save: boolean) => {
    setDraft(undefined);
    if (save && !taken && draft.trim() && draft.trim() !== name) onRename(draft);
  };
  return (
    <TextInput
      aria-label="List name"
      size="xs"
      value={draft}
      error={taken ? homeListNameTaken(draft) : undefined}
      maxLength={MAX_SHORT_TEXT}
      autoFocus
      onChange={(event) => setDraft(event.currentTarget.value)}
      // A taken name is not saved: Enter keeps the box open with the message; leaving it puts the old name back.
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !taken) finish(true);
        if (event.key === 'Escape') finish(false);
      }}
      style={{ flex: 1 }}
    />
  );
}

function ListItemLink({ item }: { item: HomeListItem }) {
  const content = (
    <Group gap={6} wrap="nowrap" component="span">
      <ResourceTypeIcon type={item.type} size={20} />
      <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Text>
    </Group>
  );
  return isWebLink(item.link) ? (
    <Anchor href={item.link} target="_blank" rel="noopener noreferrer" underline="hover" style={{ minWidth: 0 }}>
      {content}
    </Anchor>
  ) : (
    <Anchor component={Link} to={`/resources/${encodeURIComponent(item.id)}`} underline="hover" style={{ minWidth: 0 }}>
      {content}
    </Anchor>
  );
}

export function HomeListCard({ list, isFirst, isLast, onRename, isNameTaken, onMove, onDelete, onRemoveItem }: HomeListCardProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper component="section" withBorder p="sm" aria-label={list.name}>
      <Stack gap="xs">
        <Group justify="space-between" gap={4} wrap="nowrap">
          <ListName name={list.name} onRename={onRename} isNameTaken={isNameTaken} />
          <Group gap={0} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${list.name} left`} disabled={isFirst} onClick={() => onMove('left')}>
              <IconChevronLeft />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${list.name} right`} disabled={isLast} onClick={() => onMove('right')}>
              <IconChevronRight />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${list.name}`} onClick={() => setConfirming(true)}>
              <IconTrash />
            </ActionIcon>
          </Group>
        </Group>
        {list.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Empty. Add resources from the search results.
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0}>
            {list.items.map((item) => (
              <Group key={item.id} component="li" justify="space-between" gap={4} wrap="nowrap" style={{ listStyle: 'none' }}>
                <ListItemLink item={item} />
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove ${item.name} from ${list.name}`} onClick={() => onRemoveItem(item.id)}>
                  <IconX />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Delete the list ${list.name}?`}
        confirmLabel="Delete list"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      >
        <Text size="sm">The list goes; the resources in it stay in your library.</Text>
      </ConfirmDialog>
    </Paper>
  );
}
