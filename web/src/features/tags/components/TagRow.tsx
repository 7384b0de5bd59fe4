// One tag: its name and how many items carry it, with Rename (inline, with a live preview of the saved name) and Delete.
import { normalizeTag } from '@chartside/shared';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TagKind } from '../queries';
import { existingTag, itemCount } from '../tag-words';

export interface TagRowProps {
  kind: TagKind;
  tag: string;
  count: number;
  /** Every tag of this kind, to tell a rename from a merge. */
  allTags: readonly string[];
  pending: boolean;
  onRename: (to: string, mergeInto: string | undefined) => void;
  onDelete: () => void;
}

function RenameForm({ tag, allTags, pending, onRename, onCancel }: Pick<TagRowProps, 'tag' | 'allTags' | 'pending' | 'onRename'> & { onCancel: () => void }) {
  const [name, setName] = useState(tag);
  const to = normalizeTag(name);
  const unchanged = to === tag;
  const mergeInto = existingTag(allTags, to, tag);

  const preview = !to
    ? 'Enter a name.'
    : unchanged
      ? 'That is its current name.'
      : mergeInto
        ? `"${mergeInto}" already exists: saving merges the two tags.`
        : `Saved as "${to}".`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (to && !unchanged) onRename(mergeInto ?? to, mergeInto);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={`New name for ${tag}`}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Escape' && onCancel()}
          description={preview}
          inputWrapperOrder={['label', 'input', 'description']}
          maxLength={200}
          data-autofocus
          autoFocus
        />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={pending} disabled={!to || unchanged}>
            {mergeInto ? 'Merge' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TagRow({ kind, tag, count, allTags, pending, onRename, onDelete }: TagRowProps) {
  const [editing, setEditing] = useState(false);

  return (
    <Paper component="li" withBorder px="md" py="xs" style={{ listStyle: 'none' }}>
      {editing ? (
        <RenameForm
          tag={tag}
          allTags={allTags}
          pending={pending}
          onCancel={() => setEditing(false)}
          onRename={(to, mergeInto) => {
            onRename(to, mergeInto);
          }}
        />
      ) : (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {tag}
            </Text>
            <Text size="sm" c="dimmed">
              {itemCount(kind, count)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button variant="subtle" size="xs" aria-label={`Rename ${tag}`} onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button variant="subtle" color="red" size="xs" aria-label={`Delete ${tag}`} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  );
}
