// Asked when the user leaves a record whose save failed or conflicts: says what would be lost; Stay or Leave anyway.
import { Text } from '@mantine/core';
import type { SaveStatus } from '../platform/autosave/record-saver';
import { ConfirmDialog } from './ConfirmDialog';

export interface LeaveWithoutSavingDialogProps {
  status: SaveStatus;
  error?: string;
  /** The unsaved and conflicting fields, as the user calls them ('Name and Description'); '' when not known. */
  changed: string;
  leaving: { stay: () => void; leaveAnyway: () => void } | undefined;
}

export function LeaveWithoutSavingDialog({ status, error, changed, leaving }: LeaveWithoutSavingDialogProps) {
  const what = changed ? `Your changes to ${changed}` : 'Your changes';
  // The save's error message is a sentence of its own ('The service is busy.').
  const why = status === 'conflict' ? 'conflict with an edit made on another device.' : `are not saved.${error ? ` ${error}` : ''}`;
  return (
    <ConfirmDialog
      opened={leaving !== undefined}
      title="Leave without saving?"
      confirmLabel="Leave anyway"
      cancelLabel="Stay"
      onCancel={() => leaving?.stay()}
      onConfirm={() => leaving?.leaveAnyway()}
    >
      <Text>
        {what} {why} If you leave now, they may be lost.
      </Text>
    </ConfirmDialog>
  );
}
