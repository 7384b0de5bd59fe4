// The labs' results table: name, value, unit and flag (H/L) per row, each editable; rows added and removed.
import { labFlags, type LabResult, type LabsData } from '@chartside/shared';
import { ActionIcon, Button, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '../../../../../components/icons';
import { createClientId } from '../../../../../platform/client-id';
import classes from '../sections.module.css';

export interface LabsTableProps {
  data: LabsData;
  onChange: (update: (data: LabsData) => LabsData) => void;
}

const flagLabels: Record<LabResult['flag'], string> = { '': '–', H: 'H', L: 'L' };
const flagClass = { '': undefined, H: classes.flagHigh, L: classes.flagLow } as const;

export function LabsTable({ data, onChange }: LabsTableProps) {
  const setResults = (change: (results: LabResult[]) => LabResult[]) => onChange((current) => ({ ...current, results: change(current.results) }));
  const update = (id: string, part: Partial<LabResult>) => setResults((list) => list.map((result) => (result.id === id ? { ...result, ...part } : result)));
  const add = () => setResults((list) => [...list, { id: createClientId(), name: '', value: '', unit: '', flag: '' }]);
  const remove = (id: string) => setResults((list) => list.filter((result) => result.id !== id));

  return (
    <Stack gap="xs">
      {data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No results yet. Add one, or paste lines such as 'K 3.1 L' in the text and send them here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4} horizontalSpacing={4} aria-label="Lab results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Unit</Table.Th>
                <Table.Th>Flag</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((result, index) => {
                const row = `result ${index + 1}`;
                return (
                  <Table.Tr key={result.id}>
                    <Table.Td>
                      <TextInput size="xs" aria-label={`Name of ${row}`} value={result.name} onChange={(event) => update(result.id, { name: event.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td w="22%">
                      <TextInput size="xs" className={flagClass[result.flag]} aria-label={`Value of ${row}`} value={result.value} onChange={(event) => update(result.id, { value: event.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td w="20%">
                      <TextInput size="xs" aria-label={`Unit of ${row}`} value={result.unit} onChange={(event) => update(result.id, { unit: event.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td w={64}>
                      <NativeSelect
                        size="xs"
                        className={flagClass[result.flag]}
                        aria-label={`Flag of ${row}`}
                        data={labFlags.map((flag) => ({ value: flag, label: flagLabels[flag] }))}
                        value={result.flag}
                        onChange={(event) => update(result.id, { flag: event.currentTarget.value as LabResult['flag'] })}
                      />
                    </Table.Td>
                    <Table.Td w={36}>
                      <ActionIcon variant="subtle" color="red" onClick={() => remove(result.id)} aria-label={`Remove ${row}`}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button variant="light" size="xs" leftSection={<IconPlus />} onClick={add} style={{ alignSelf: 'flex-start' }}>
        Add result
      </Button>
    </Stack>
  );
}
