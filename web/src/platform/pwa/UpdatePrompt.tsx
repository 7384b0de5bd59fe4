// "A new version is available": 'Update Now' applies it (the app reloads 3 s later), 'Later' hides the prompt for
// an hour, remembered across reloads. Spec section 4, "App update"; the failure text is from section 8.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AppUpdater } from './app-updater';
import { UPDATE_DISMISS_MS } from './constants';
import type { PwaFlags } from './pwa-flags';
import { useAppUpdate } from './use-app-update';
import { useIsBefore } from './use-is-before';

export interface UpdatePromptProps {
  updater: AppUpdater;
  flags: PwaFlags;
}

export function UpdatePrompt({ updater, flags }: UpdatePromptProps) {
  const { needRefresh, status, error } = useAppUpdate(updater);
  const [dismissedUntil, setDismissedUntil] = useState(() => flags.updateDismissedUntil());
  const dismissed = useIsBefore(dismissedUntil);

  if (status === 'updating') {
    return (
      <Paper withBorder shadow="md" p="md" role="status" aria-label="App update" style={{ pointerEvents: 'auto' }}>
        <Text fw={600}>Updating Chartside…</Text>
        <Text size="sm">The app reloads in a moment.</Text>
      </Paper>
    );
  }
  if (!needRefresh || dismissed) return null;

  const later = () => {
    const until = Date.now() + UPDATE_DISMISS_MS;
    flags.dismissUpdateUntil(until);
    setDismissedUntil(until);
    updater.clearError();
  };

  return (
    <Paper withBorder shadow="md" p="md" role="region" aria-label="App update" style={{ pointerEvents: 'auto' }}>
      <Stack gap="xs">
        <Text fw={600}>A new version of Chartside is available.</Text>
        {status === 'failed' && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            Update failed: {error}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={later}>
            Later
          </Button>
          <Button onClick={() => void updater.update()}>Update Now</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
