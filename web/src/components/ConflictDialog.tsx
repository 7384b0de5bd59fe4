// Both this tab and another device changed the same fields of a record: show both versions, the user keeps one.
// Neither is dropped silently; the dialog stays until a choice is made. Each screen turns its conflict into rows.
import { Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';

export interface ConflictRow {
  key: string;
  /** What the user calls the field ('Description', 'Physical Exam'). */
  label: string;
  /** Readable forms of my value and theirs. */
  mine: string;
  theirs: string;
}

export interface ConflictDialogProps {
  /** 'This resource changed on another device'. */
  title: string;
  /** The conflicting fields; undefined when there is no conflict (the dialog is closed). */
  rows: ConflictRow[] | undefined;
  onResolve: (choice: 'mine' | 'theirs') => void;
}

const valueStyle = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', maxHeight: '40vh', overflowY: 'auto' } as const;

export function ConflictDialog({ title, rows, onResolve }: ConflictDialogProps) {
  return (
    <Modal opened={rows !== undefined} onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={title} size="lg" centered>
      {rows && (
        <Stack>
          <Text>You and another device changed the same {rows.length === 1 ? 'field' : 'fields'}. Choose which version to keep; your other changes are kept either way.</Text>
          {rows.map((row) => (
            <Stack key={row.key} gap={4}>
              <Title order={3} size="h5">
                {row.label}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    Mine
                  </Text>
                  <Text size="sm" style={valueStyle}>
                    {row.mine}
                  </Text>
                </Stack>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    Theirs
                  </Text>
                  <Text size="sm" style={valueStyle}>
                    {row.theirs}
                  </Text>
                </Stack>
              </SimpleGrid>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onResolve('theirs')}>
              Use theirs
            </Button>
            <Button onClick={() => onResolve('mine')} data-autofocus>
              Keep mine
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
