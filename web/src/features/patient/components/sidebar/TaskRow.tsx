// One task of the sidebar list: a checkbox that completes it, its due date (opening the picker; red with 'Overdue'
// when past), its priority 1-5, and, once complete, delete (spec: Task states).
import { isOverdue, type Task, type TaskChange } from '@chartside/shared';
import { ActionIcon, Badge, Button, Checkbox, Group, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { IconClock, IconTrash } from '../../../../components/icons';
import { DueDatePicker } from './DueDatePicker';

export interface TaskRowProps {
  task: Task;
  now: Date;
  onToggle: () => void;
  onChange: (change: TaskChange) => void;
  onDelete: () => void;
}

const dueFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const priorityOptions = ['1', '2', '3', '4', '5'].map((value) => ({ value, label: `P${value}` }));

export function TaskRow({ task, now, onToggle, onChange, onDelete }: TaskRowProps) {
  const overdue = isOverdue(task, now);
  const titleId = useId();
  const name = task.text || 'Untitled task';
  return (
    <Stack component="li" gap={4} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Checkbox
        checked={task.completed}
        onChange={onToggle}
        label={
          <Text span size="sm" td={task.completed ? 'line-through' : undefined} c={task.completed ? 'dimmed' : overdue ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        }
      />
      <Group gap={6} pl={30} wrap="wrap">
        <Popover position="bottom-start" shadow="md" trapFocus withinPortal width={280}>
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-xs"
              color={overdue ? 'red' : 'gray'}
              leftSection={<IconClock size={14} />}
              aria-label={task.dueDate ? `Due date of ${name}: ${dueFormat.format(new Date(task.dueDate))}` : `Set a due date for ${name}`}
            >
              {task.dueDate ? dueFormat.format(new Date(task.dueDate)) : 'Due date'}
            </Button>
          </Popover.Target>
          <Popover.Dropdown aria-labelledby={titleId}>
            <Text id={titleId} size="sm" fw={600} mb="xs">
              Due date of {name}
            </Text>
            <DueDatePicker value={task.dueDate} now={now} onChange={(dueDate) => onChange({ dueDate })} />
          </Popover.Dropdown>
        </Popover>
        {overdue && (
          <Badge color="red" size="sm" variant="filled">
            Overdue
          </Badge>
        )}
        <NativeSelect
          size="xs"
          aria-label={`Priority of ${name}`}
          data={priorityOptions}
          value={String(task.priority)}
          onChange={(event) => onChange({ priority: Number(event.currentTarget.value) })}
          style={{ width: '4.5rem' }}
        />
        {task.completed && (
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
    </Stack>
  );
}
