// The reminders' checklist: a text and a done box per item; items added and removed.
import type { Reminder, RemindersData } from '@chartside/shared';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '../../../../../components/icons';
import { createClientId } from '../../../../../platform/client-id';
import classes from '../sections.module.css';

export interface RemindersChecklistProps {
  data: RemindersData;
  onChange: (update: (data: RemindersData) => RemindersData) => void;
}

export function RemindersChecklist({ data, onChange }: RemindersChecklistProps) {
  const setItems = (change: (items: Reminder[]) => Reminder[]) => onChange((current) => ({ ...current, items: change(current.items) }));
  const update = (id: string, part: Partial<Reminder>) => setItems((items) => items.map((item) => (item.id === id ? { ...item, ...part } : item)));
  return (
    <Stack gap={4}>
      {data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No reminders yet. Add one, or write one per line in the text and send them here.
        </Text>
      )}
      {data.items.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="nowrap">
          <Checkbox aria-label={`Done: reminder ${index + 1}`} checked={item.done} onChange={(event) => update(item.id, { done: event.currentTarget.checked })} />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            className={item.done ? classes.done : undefined}
            aria-label={`Reminder ${index + 1}`}
            value={item.text}
            onChange={(event) => update(item.id, { text: event.currentTarget.value })}
          />
          <ActionIcon variant="subtle" color="red" onClick={() => setItems((items) => items.filter((other) => other.id !== item.id))} aria-label={`Remove reminder ${index + 1}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus />} onClick={() => setItems((items) => [...items, { id: createClientId(), text: '', done: false }])} style={{ alignSelf: 'flex-start' }}>
        Add reminder
      </Button>
    </Stack>
  );
}
