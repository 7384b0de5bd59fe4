// Where the autosave stands: 'Saving…', 'Saved', offline (kept on this device), or the error with a retry. Read out
// politely by screen readers.
import { Button, Group, Text } from '@mantine/core';
import type { SaveStatus } from '../platform/autosave/record-saver';

export const OFFLINE_SAVE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';

export function SaveStatusIndicator({ status, error, onRetry }: { status: SaveStatus; error?: string; onRetry: () => void }) {
  return (
    <Group gap="xs" role="status" aria-live="polite" wrap="nowrap">
      {(status === 'pending' || status === 'saving') && (
        <Text size="sm" c="dimmed">
          Saving…
        </Text>
      )}
      {status === 'saved' && (
        <Text size="sm" c="dimmed">
          Saved
        </Text>
      )}
      {status === 'offline' && (
        <Text size="sm" c="dimmed">
          {OFFLINE_SAVE_STATUS}
        </Text>
      )}
      {status === 'conflict' && (
        <Text size="sm" c="orange.9">
          Changed on another device
        </Text>
      )}
      {status === 'error' && (
        <>
          <Text size="sm" c="red.8">
            Not saved: {error}
          </Text>
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        </>
      )}
    </Group>
  );
}
