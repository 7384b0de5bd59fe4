// The tags of one kind (resource or patient): rename, merge (with a confirmation that says so) and delete (with a
// confirmation naming how many items lose the tag).
import type { TagSummary } from '@chartside/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteTag, useRenameTag, type TagKind } from '../queries';
import { itemCount } from '../tag-words';
import { TagRow } from './TagRow';

export interface TagSectionProps {
  kind: TagKind;
  title: string;
  tags: TagSummary[TagKind];
}

type Pending = { action: 'merge'; from: string; to: string } | { action: 'delete'; tag: string } | undefined;

const failed = (title: string) => (error: Error) => notifications.show({ color: 'red', title, message: error.message });

export function TagSection({ kind, title, tags }: TagSectionProps) {
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [confirming, setConfirming] = useState<Pending>();
  const sorted = useMemo(() => [...tags].sort((a, b) => a.tag.localeCompare(b.tag)), [tags]);
  const names = useMemo(() => tags.map((t) => t.tag), [tags]);
  const countOf = (tag: string) => tags.find((t) => t.tag === tag)?.count ?? 0;
  const headingId = `tags-${kind}`;
  const noun = kind === 'resource' ? 'resources' : 'patients';

  const doRename = (from: string, to: string, merged: boolean) =>
    rename.mutate(
      { kind, from, to },
      {
        onSuccess: ({ itemsChanged }) => {
          setConfirming(undefined);
          notifications.show({
            title: merged ? 'Tags merged' : 'Tag renamed',
            message: `"${from}" is now "${to}" on ${itemCount(kind, itemsChanged)}.`,
          });
        },
        onError: failed(merged ? 'The tags were not merged' : 'The tag was not renamed'),
      },
    );

  const doDelete = (tag: string) =>
    remove.mutate(
      { kind, tag },
      {
        onSuccess: ({ itemsChanged }) => {
          setConfirming(undefined);
          notifications.show({ title: 'Tag deleted', message: `"${tag}" was removed from ${itemCount(kind, itemsChanged)}.` });
        },
        onError: failed('The tag was not deleted'),
      },
    );

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {title} ({tags.length})
        </Title>
        {sorted.length === 0 ? (
          <Text c="dimmed">No {kind} tags yet. Tags you add to {noun} appear here.</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0}>
            {sorted.map(({ tag, count }) => (
              <TagRow
                key={tag}
                kind={kind}
                tag={tag}
                count={count}
                allTags={names}
                pending={rename.isPending && rename.variables?.from === tag}
                onRename={(to, mergeInto) => (mergeInto ? setConfirming({ action: 'merge', from: tag, to: mergeInto }) : doRename(tag, to, false))}
                onDelete={() => setConfirming({ action: 'delete', tag })}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <ConfirmDialog
        opened={confirming?.action === 'merge'}
        title="Merge these tags?"
        confirmLabel="Merge tags"
        color="blue"
        pending={rename.isPending}
        onConfirm={() => confirming?.action === 'merge' && doRename(confirming.from, confirming.to, true)}
        onCancel={() => setConfirming(undefined)}
      >
        {confirming?.action === 'merge' && (
          <Text>
            &ldquo;{confirming.to}&rdquo; already exists. Renaming &ldquo;{confirming.from}&rdquo; merges the two tags: &ldquo;{confirming.from}&rdquo; is
            replaced by &ldquo;{confirming.to}&rdquo; on {itemCount(kind, countOf(confirming.from))}, and &ldquo;{confirming.from}&rdquo; is gone. This
            cannot be undone.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming?.action === 'delete'}
        title="Delete this tag?"
        confirmLabel="Delete tag"
        pending={remove.isPending}
        onConfirm={() => confirming?.action === 'delete' && doDelete(confirming.tag)}
        onCancel={() => setConfirming(undefined)}
      >
        {confirming?.action === 'delete' && (
          <Text>
            &ldquo;{confirming.tag}&rdquo; is removed from {itemCount(kind, countOf(confirming.tag))} and from your tag list. This cannot be
            undone.
          </Text>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
