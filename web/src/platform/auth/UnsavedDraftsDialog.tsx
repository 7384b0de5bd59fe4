// Asked before the user's own sign-out deletes edits that never reached the server (kept on this device).
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { UnsavedDraftsQuestion } from './use-sign-out';

export const unsavedDraftsMessage = (count: number): string =>
  `${count === 1 ? '1 record has' : `${count} records have`} changes that have not reached the server. Signing out deletes them from this device.`;

export function UnsavedDraftsDialog({ question }: { question: UnsavedDraftsQuestion | undefined }) {
  return (
    <ConfirmDialog
      opened={question !== undefined}
      title="Unsaved changes on this device"
      confirmLabel="Sign out anyway"
      cancelLabel="Stay signed in"
      onConfirm={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    >
      <Text>{question && unsavedDraftsMessage(question.count)}</Text>
    </ConfirmDialog>
  );
}
