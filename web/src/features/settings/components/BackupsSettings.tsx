// Settings → Backups: the nightly backups of the user's data, listed by date with their counts; a restore is previewed
// first (what it adds, what it replaces because it changed since, what it keeps) and runs only after a confirmation.
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_KINDS, backupsContract, type BackupCounts, type BackupKind, type BackupSummary } from '@chartside/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ApiError } from '../../../platform/api/api-error';
import { useApi } from '../../../platform/platform-context';

const kindNames: Record<BackupKind, [one: string, many: string]> = {
  userDocument: ['settings document', 'settings documents'],
  resources: ['resource', 'resources'],
  patients: ['patient', 'patients'],
  timeTracking: ['time tracking record', 'time tracking records'],
  chats: ['chat', 'chats'],
  admissions: ['admission note', 'admission notes'],
  feedSettings: ['feed settings document', 'feed settings documents'],
};
const kindName = (kind: BackupKind, count: number) => kindNames[kind][count === 1 ? 0 : 1];

/** "3 patients, 1 resource", or `none` when every count is 0. */
export const countsText = (counts: BackupCounts, none = 'nothing') =>
  BACKUP_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${kindName(kind, counts[kind])}`).join(', ') || none;

const backupKeys = {
  all: ['backups'] as const,
  list: () => [...backupKeys.all, 'list'] as const,
  preview: (date: string) => [...backupKeys.all, 'preview', date] as const,
};

const summaryText = (backup: BackupSummary) =>
  `${countsText(backup.counts)}; ${backup.files.count} ${backup.files.count === 1 ? 'file' : 'files'} listed`;

export function BackupsSettings() {
  const api = useApi();
  const list = useQuery({ queryKey: backupKeys.list(), queryFn: () => api.call(backupsContract.list) });
  const [chosen, setChosen] = useState<string>();

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        All your data is backed up every night and each backup is kept for 35 days. Restoring one puts back what was deleted
        or changed since; what you created after it is kept.
      </Text>
      {list.isPending && <Loader size="sm" aria-label="Loading your backups" />}
      <QueryErrorAlert query={list} what="your backups" />
      {list.data?.backups.length === 0 && <Text size="sm">No backups yet. The first one is taken tonight.</Text>}
      {list.data && list.data.backups.length > 0 && (
        <List listStyleType="none" spacing="xs" aria-label="Backups">
          {list.data.backups.map((backup) => (
            <List.Item key={backup.backupDate}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{backup.backupDate}</Text>
                  <Text size="sm" c="dimmed">
                    {summaryText(backup)}
                  </Text>
                </Stack>
                <Button
                  variant={chosen === backup.backupDate ? 'filled' : 'default'}
                  size="xs"
                  aria-label={`Preview restoring the backup of ${backup.backupDate}`}
                  aria-expanded={chosen === backup.backupDate}
                  onClick={() => setChosen(chosen === backup.backupDate ? undefined : backup.backupDate)}
                >
                  Preview restore
                </Button>
              </Group>
              {chosen === backup.backupDate && <RestorePreviewPanel backupDate={backup.backupDate} onDone={() => setChosen(undefined)} />}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function RestorePreviewPanel({ backupDate, onDone }: { backupDate: string; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const preview = useQuery({ queryKey: backupKeys.preview(backupDate), queryFn: () => api.call(backupsContract.preview, { params: { date: backupDate } }), staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const restore = useMutation({
    mutationFn: () => api.call(backupsContract.restore, { params: { date: backupDate }, body: { expect: { add: preview.data!.add, replace: preview.data!.replace } } }),
    onSuccess: (result) => {
      notifications.show({ color: 'green', title: `Backup of ${backupDate} restored`, message: `Added ${countsText(result.added)}; replaced ${countsText(result.replaced)}.` });
      // Everything on screen may have changed: every query loads again.
      void queryClient.invalidateQueries();
      setConfirming(false);
      onDone();
    },
    onError: (error) => {
      setConfirming(false);
      const changed = error instanceof ApiError && error.code === 'version_conflict';
      notifications.show({
        color: 'red',
        title: 'Restore failed',
        message: changed ? 'Your data changed since this preview. Check the new preview and restore again.' : error.message,
      });
      void queryClient.invalidateQueries({ queryKey: backupKeys.preview(backupDate) });
    },
  });

  if (preview.isPending) return <Loader size="sm" aria-label={`Previewing the backup of ${backupDate}`} />;
  if (preview.isError) return <QueryErrorAlert query={preview} what="the preview" />;
  const { add, replace, keptNewer, replaced, replacedMore } = preview.data;
  const nothing = countsText(add, '') === '' && countsText(replace, '') === '';

  return (
    <Stack gap="xs" mt="xs" role="region" aria-label={`Restore preview for ${backupDate}`}>
      {nothing ? (
        <Text size="sm">Your data already matches this backup: restoring it would change nothing.</Text>
      ) : (
        <>
          <Text size="sm">Restoring the backup of {backupDate} adds {countsText(add)} and replaces {countsText(replace)}.</Text>
          {replaced.length > 0 && (
            <Alert color="yellow" title="Changed since the backup: these will be replaced by their copies from the backup">
              <List size="sm">
                {replaced.map((record) => (
                  <List.Item key={`${record.kind}:${record.id}`}>
                    {record.label} ({kindName(record.kind, 1)}){record.changedAt ? `, last changed ${new Date(record.changedAt).toLocaleString()}` : ''}
                  </List.Item>
                ))}
                {replacedMore > 0 && <List.Item>and {replacedMore} more</List.Item>}
              </List>
            </Alert>
          )}
        </>
      )}
      <Text size="sm" c="dimmed">
        Kept as they are: {countsText(keptNewer, 'nothing')} created after the backup.
      </Text>
      <Group>
        <Button color="red" disabled={nothing} onClick={() => setConfirming(true)}>
          Restore this backup
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`Restore the backup of ${backupDate}?`}
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={() => restore.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <Text size="sm">
          This adds {countsText(add)} and replaces {countsText(replace)} with their copies from {backupDate}. Changes made to
          the replaced records since then are lost. Nothing created after the backup is deleted.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
