// A dialog from the spec whose feature arrives in a later release: its real title and what it will do.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface PlannedDialogProps {
  opened: boolean;
  title: string;
  purpose: string;
  onClose: () => void;
}

export function PlannedDialog({ opened, title, purpose, onClose }: PlannedDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{purpose}</Text>
        <Text size="sm" c="dimmed">
          This arrives in a later release of Chartside.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
