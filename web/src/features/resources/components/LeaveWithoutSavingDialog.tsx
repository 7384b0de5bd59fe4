// Asked when the user leaves a resource whose save failed or conflicts: says what would be lost; Stay or Leave anyway.
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { fieldList } from '../field-labels';
import type { FieldName, SaverState } from '../resource-saver';

export interface LeaveWithoutSavingDialogProps {
  state: SaverState;
  unsavedFields: FieldName[];
  leaving: { stay: () => void; leaveAnyway: () => void } | undefined;
}

export function LeaveWithoutSavingDialog({ state, unsavedFields, leaving }: LeaveWithoutSavingDialogProps) {
  const fields = [...unsavedFields, ...(state.conflict?.fields ?? [])];
  const what = fields.length > 0 ? `Your changes to ${fieldList(fields)}` : 'Your changes';
  // The save's error message is a sentence of its own ('The service is busy.').
  const why = state.status === 'conflict' ? 'conflict with an edit made on another device.' : `are not saved.${state.error ? ` ${state.error}` : ''}`;
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
