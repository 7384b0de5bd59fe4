// /admin/file-cleaner (administrators only): the objects in the files bucket that no record refers to, and temporary
// uploads older than a day. Listing is a dry run, a page of the bucket at a time ('Load more' looks at the next); the
// chosen objects are deleted after a confirmation. Anyone outside the admin group is told the page is for
// administrators (the API answers them 403).
import { formatFileSize, type CleanableObject, type CleanedFiles } from '@chartside/shared';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCleanFiles, useFileCleanerScan } from '../queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const reasonText: Record<CleanableObject['reason'], string> = {
  unreferenced: 'No record refers to it',
  temporary: 'Temporary upload older than a day',
};

export function FileCleanerPage() {
  const scan = useFileCleanerScan();
  const clean = useCleanFiles();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CleanedFiles>();

  if (scan.isError && 'status' in scan.error && scan.error.status === 403) {
    return (
      <PageFrame title="File Cleaner">
        <Alert color="yellow" title="This page is for administrators">
          You are not in the administrators group, so you cannot see or delete stored files here. Ask an administrator if you need files cleaned up.
        </Alert>
      </PageFrame>
    );
  }

  const pages = scan.data?.pages ?? [];
  const objects = pages.flatMap((page) => page.objects);
  const scannedObjects = pages.reduce((sum, page) => sum + page.scannedObjects, 0);
  const heldBackObjects = pages.reduce((sum, page) => sum + page.heldBackObjects, 0);
  const chosenBytes = objects.filter((object) => chosen.has(object.key)).reduce((sum, object) => sum + object.size, 0);
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <PageFrame title="File Cleaner">
      <Text>
        Stored files that no record refers to any more, and temporary uploads older than a day. This list is a dry run: nothing is deleted until you choose
        files and confirm.
      </Text>
      <QueryErrorAlert query={scan} what="the stored files" />
      {scan.isPending && <Loader role="status" aria-label="Looking through the stored files" />}
      {result && (
        <Alert color="green" title={`Deleted ${result.deleted.length === 1 ? '1 file' : `${result.deleted.length} files`}`} withCloseButton closeButtonLabel="Dismiss" onClose={() => setResult(undefined)}>
          {result.skipped.length > 0 ? `${result.skipped.length} chosen ${result.skipped.length === 1 ? 'file was' : 'files were'} left alone: a record refers to it now, or it was already gone.` : 'Every chosen file was deleted.'}
        </Alert>
      )}
      {clean.isError && (
        <Alert color="red" title="Nothing was deleted">
          {clean.error.message}
        </Alert>
      )}
      {scan.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Looked at {scannedObjects} stored {scannedObjects === 1 ? 'file' : 'files'}; {objects.length} can be deleted.
          {heldBackObjects > 0 &&
            ` ${heldBackObjects} ${heldBackObjects === 1 ? 'file was' : 'files were'} left alone: ${heldBackObjects === 1 ? 'its owner has' : 'their owners have'} an encrypted record that cannot be decrypted, so what refers to them is unknown.`}
          {scan.hasNextPage && ' More stored files remain to look at.'}
        </Text>
      )}
      {scan.data && objects.length === 0 && !scan.hasNextPage && (
        <Paper withBorder p="lg">
          <Text>Nothing to clean: every stored file is in use, and no temporary upload is older than a day.</Text>
        </Paper>
      )}
      {objects.length > 0 && (
        <>
          <Group justify="space-between" gap="xs">
            <Checkbox
              label="Choose all"
              checked={chosen.size === objects.length}
              indeterminate={chosen.size > 0 && chosen.size < objects.length}
              onChange={() => setChosen(chosen.size === objects.length ? new Set() : new Set(objects.map((object) => object.key)))}
            />
            <Button color="red" disabled={chosen.size === 0} onClick={() => setConfirming(true)}>
              Delete chosen ({chosen.size})
            </Button>
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Files that can be deleted">
            {objects.map((object) => (
              <Paper key={object.key} component="li" withBorder px="sm" py="xs" style={{ listStyle: 'none' }}>
                <Checkbox
                  checked={chosen.has(object.key)}
                  onChange={() => toggle(object.key)}
                  label={<Text style={{ overflowWrap: 'anywhere' }}>{object.key}</Text>}
                  description={`${reasonText[object.reason]} · ${formatFileSize(object.size)} · stored ${dateFormat.format(new Date(object.storedAt))}`}
                />
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {scan.hasNextPage && (
        <Group>
          <Button variant="default" loading={scan.isFetchingNextPage} onClick={() => void scan.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Delete ${chosen.size === 1 ? '1 file' : `${chosen.size} files`}?`}
        confirmLabel="Delete files"
        pending={clean.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          clean.mutate([...chosen], {
            onSuccess: (answer) => {
              setResult(answer);
              setChosen(new Set());
            },
            onSettled: () => setConfirming(false),
          })
        }
      >
        <Text>
          {formatFileSize(chosenBytes)} of stored files are deleted for good. A file a record has taken up since this list was made is left alone. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
    </PageFrame>
  );
}
