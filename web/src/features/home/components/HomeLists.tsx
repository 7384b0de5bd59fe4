// The user's home lists, side by side in their order, and a form to create one. While the lists load, the form is
// there already (disabled) and a loader holds the place of the lists, so the page below does not move when they come.
import { homeListNameTaken, isHomeListNameTaken, MAX_SHORT_TEXT, type HomeList, type HomeListChange } from '@chartside/shared';
import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { HomeListCard } from './HomeListCard';

export interface HomeListsProps {
  /** Undefined while they load. */
  lists: readonly HomeList[] | undefined;
  onChange: (change: HomeListChange) => void;
}

function CreateListForm({ lists, onCreate }: { lists: readonly HomeList[] | undefined; onCreate: (name: string) => void }) {
  const [name, setName] = useState('');
  const taken = lists !== undefined && isHomeListNameTaken(lists, name);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lists || !name.trim() || taken) return;
    onCreate(name);
    setName('');
  };
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="New list"
          placeholder="List name"
          value={name}
          maxLength={MAX_SHORT_TEXT}
          disabled={!lists}
          error={taken ? homeListNameTaken(name) : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" disabled={!lists || !name.trim() || taken} mt={24}>
          Create list
        </Button>
      </Group>
    </form>
  );
}

export function HomeLists({ lists, onChange }: HomeListsProps) {
  return (
    <Stack gap="sm">
      {!lists ? (
        <Loader size="sm" aria-label="Loading your home lists" />
      ) : lists.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lists yet. Create one, then add resources to it from the search results.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {lists.map((list, index) => {
            const ref = { index, name: list.name };
            return (
              <HomeListCard
                key={`${index}-${list.name}`}
                list={list}
                isFirst={index === 0}
                isLast={index === lists.length - 1}
                onRename={(name) => onChange({ kind: 'rename', list: ref, name })}
                isNameTaken={(name) => isHomeListNameTaken(lists, name, index)}
                onMove={(direction) => onChange({ kind: 'move', list: ref, direction })}
                onDelete={() => onChange({ kind: 'delete', list: ref })}
                onRemoveItem={(itemId) => onChange({ kind: 'remove-item', list: ref, itemId })}
              />
            );
          })}
        </SimpleGrid>
      )}
      <CreateListForm lists={lists} onCreate={(name) => onChange({ kind: 'create', name })} />
    </Stack>
  );
}
