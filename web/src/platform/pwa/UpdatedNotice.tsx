// After an update the success flag lasts 5 minutes (spec section 9); while it lasts, the app says so.
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { UPDATE_SUCCESS_FLAG_MS } from './constants';
import type { PwaFlags } from './pwa-flags';
import { useIsBefore } from './use-is-before';

export interface UpdatedNoticeProps {
  flags: PwaFlags;
}

export function UpdatedNotice({ flags }: UpdatedNoticeProps) {
  const [updatedAt, setUpdatedAt] = useState(() => flags.updatedAt());
  const expiresAt = updatedAt === undefined ? undefined : updatedAt + UPDATE_SUCCESS_FLAG_MS;
  const active = useIsBefore(expiresAt);

  useEffect(() => {
    if (expiresAt !== undefined && !active) flags.clearUpdated();
  }, [active, expiresAt, flags]);

  if (!active) return null;
  const dismiss = () => {
    flags.clearUpdated();
    setUpdatedAt(undefined);
  };
  return (
    <Paper withBorder shadow="md" py="xs" px="md" role="status" style={{ pointerEvents: 'auto' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600}>Chartside was updated</Text>
        <CloseButton aria-label="Dismiss" onClick={dismiss} />
      </Group>
    </Paper>
  );
}
