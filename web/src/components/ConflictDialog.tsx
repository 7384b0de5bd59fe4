// Both this tab and another device changed the same fields of a record: show both versions, the user keeps one.
// Neither is dropped silently; the dialog stays until a choice is made. Each screen turns its conflict into rows.
// Their copy can change while the dialog is open (their next save arrives): the dialog then says so and holds its
// buttons for a moment, and the choice names the copy it was made on, so a click meant for one copy never settles another.
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ConflictChoice } from '@chartside/shared';
import { useEffect, useState } from 'react';

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
  /** The version of their copy the rows show. */
  theirsVersion: number | undefined;
  onResolve: ResolveConflict;
}

/** The user's choice, made on their copy `theirsVersion`. */
export type ResolveConflict = (choice: ConflictChoice, theirsVersion: number) => void;

/** How long the buttons wait after their copy changed on screen: long enough to see it change before choosing. */
const HOLD_AFTER_UPDATE_MS = 1_500;

/** Whether their copy changed since the dialog opened, and whether the buttons are held after the latest change. */
function useTheirsUpdates(theirsVersion: number | undefined) {
  const [lastVersion, setLastVersion] = useState(theirsVersion);
  const [openedWith, setOpenedWith] = useState(theirsVersion);
  const [holding, setHolding] = useState(false);
  if (theirsVersion !== lastVersion) {
    setLastVersion(theirsVersion);
    // Opened or closed: a new start. Changed while open: an update.
    if (theirsVersion === undefined || lastVersion === undefined) setOpenedWith(theirsVersion);
    else setHolding(true);
  }
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setHolding(false), HOLD_AFTER_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [holding, theirsVersion]);
  return { updated: theirsVersion !== undefined && openedWith !== undefined && theirsVersion !== openedWith, holding };
}

const valueStyle = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', maxHeight: '40vh', overflowY: 'auto' } as const;

export function ConflictDialog({ title, rows, theirsVersion, onResolve }: ConflictDialogProps) {
  const { updated, holding } = useTheirsUpdates(rows && theirsVersion);
  return (
    <Modal opened={rows !== undefined} onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={title} size="lg" centered>
      {rows && theirsVersion !== undefined && (
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
          <div role="status">
            {updated && (
              <Alert color="yellow" variant="light" p="xs">
                Their version changed while this was open. Read it again before you choose.
              </Alert>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" disabled={holding} onClick={() => onResolve('theirs', theirsVersion)}>
              Use theirs
            </Button>
            <Button disabled={holding} onClick={() => onResolve('mine', theirsVersion)} data-autofocus>
              Keep mine
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
