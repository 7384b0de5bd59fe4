// The patient's tasks (spec: Tasks list and Task states): in display order (open first, by due date, then priority),
// a field that adds one on Enter, and 'OP', which appends the default tasks. Every change goes through the draft.
import { appendDefaultTasks, deleteTask, newTask, sortTasks, toggleTask, updateTask } from '@chartside/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNow } from '../../../../components/use-now';
import { createClientId } from '../../../../platform/client-id';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';
import { TaskRow } from './TaskRow';

/** How often 'Overdue' is looked at again while the screen stays open. */
const OVERDUE_CHECK_MS = 30_000;

export function TaskList() {
  const { change } = usePatientEditing();
  const tasks = usePatientDraft((draft) => draft.tasks);
  const now = useNow(OVERDUE_CHECK_MS);
  const [text, setText] = useState('');

  const add = () => {
    if (!text.trim()) return;
    change({ tasks: [...tasks, newTask({ id: createClientId(), text, now: new Date() })] });
    setText('');
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h5">
          Tasks
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          aria-label="OP: add the default tasks"
          title="Add the default tasks"
          onClick={() => change({ tasks: appendDefaultTasks(tasks, new Date(), createClientId) })}
        >
          OP
        </Button>
      </Group>
      <TextInput
        aria-label="New task"
        placeholder="Add a task and press Enter"
        value={text}
        maxLength={2_000}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter that confirms an input method's composition (Japanese, Chinese, ...) is not the end of the task.
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) add();
        }}
      />
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks
        </Text>
      ) : (
        <Stack component="ul" aria-label="Tasks" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {sortTasks(tasks).map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              now={now}
              onToggle={() => change({ tasks: toggleTask(tasks, task.id) })}
              onChange={(taskChange) => change({ tasks: updateTask(tasks, task.id, taskChange) })}
              onDelete={() => change({ tasks: deleteTask(tasks, task.id) })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
