// Tells the clinician, once, that Chartside now works offline. Its dismissal is stored for good (spec section 9).
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { AppUpdater } from './app-updater';
import type { PwaFlags } from './pwa-flags';
import { useAppUpdate } from './use-app-update';

export interface OfflineReadyNoticeProps {
  updater: AppUpdater;
  flags: PwaFlags;
}

export function OfflineReadyNotice({ updater, flags }: OfflineReadyNoticeProps) {
  const { offlineReady } = useAppUpdate(updater);
  const [dismissed, setDismissed] = useState(() => flags.offlineReadyDismissed());
  if (!offlineReady || dismissed) return null;
  const dismiss = () => {
    flags.dismissOfflineReady();
    setDismissed(true);
  };
  return (
    <Paper withBorder shadow="md" py="xs" px="md" role="status" style={{ pointerEvents: 'auto' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">Chartside is ready to work offline.</Text>
        <Button size="compact-sm" variant="subtle" onClick={dismiss}>
          Dismiss
        </Button>
      </Group>
    </Paper>
  );
}
