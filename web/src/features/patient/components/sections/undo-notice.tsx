// A notification with an 'Undo' button, shown after an action that replaces or removes what a clinician wrote
// (clear, 'No updates/new information', auto-format, a forward that replaces, removing a problem), so no text is lost
// silently.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** Long enough to notice and reach the button; the notification stays while hovered (Mantine pauses it). */
const UNDO_NOTICE_MS = 8_000;

export function showUndoNotice({ title, message, onUndo }: { title: string; message: string; onUndo: () => void }) {
  const id = notifications.show({
    title,
    autoClose: UNDO_NOTICE_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            onUndo();
            notifications.hide(id);
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
