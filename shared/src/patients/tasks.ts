// A patient's task list (spec sections 3 and 4): the default set, toggling, overdue, delete and ordering rules.
import { DEFAULT_TASK_PRIORITY, type Task } from './patient';

/** The 'OP' button's tasks, in this order. */
export const defaultTasks = ['Precharting', 'See patient', 'Staff', 'Place RTC', 'Place Orders', 'Sign Note', 'Send Results'] as const;

export interface NewTaskInput {
  id: string;
  text: string;
  now: Date;
  dueDate?: string | null;
  priority?: number;
  details?: string;
  tags?: string[];
}

export const newTask = ({ id, text, now, dueDate = null, priority = DEFAULT_TASK_PRIORITY, details = '', tags = [] }: NewTaskInput): Task => ({
  id,
  text: text.trim(),
  details,
  completed: false,
  priority,
  dueDate,
  created: now.toISOString(),
  tags,
});

/**
 * Appends the default tasks. A default task already on the list and not yet done is not added again, so a second
 * click on 'OP' does not double the list.
 */
export const appendDefaultTasks = (tasks: readonly Task[], now: Date, newId: () => string): Task[] => {
  const open = new Set(tasks.filter((task) => !task.completed).map((task) => task.text));
  const added = defaultTasks.filter((text) => !open.has(text)).map((text) => newTask({ id: newId(), text, now }));
  return [...tasks, ...added];
};

/** The task's editable parts a list row changes (priority, due date, text). */
export type TaskChange = Partial<Pick<Task, 'text' | 'priority' | 'dueDate'>>;

/** Changes one task; the others and the order stay. */
export const updateTask = (tasks: readonly Task[], id: string, change: TaskChange): Task[] =>
  tasks.map((task) => (task.id === id ? { ...task, ...change } : task));

/** Flips one task between incomplete and complete. */
export const toggleTask = (tasks: readonly Task[], id: string): Task[] =>
  tasks.map((task) => (task.id === id ? { ...task, completed: !task.completed } : task));

const dueTime = (task: Task): number | undefined => (task.dueDate === null ? undefined : Date.parse(task.dueDate));

/** An incomplete task whose due time has passed. A task without a due date is never overdue. */
export const isOverdue = (task: Task, now: Date): boolean => {
  const due = dueTime(task);
  return !task.completed && due !== undefined && due < now.getTime();
};

/** Delete is offered only for a completed task. */
export const canDeleteTask = (task: Task): boolean => task.completed;

/** Removes a task when it may be deleted; an incomplete task stays. */
export const deleteTask = (tasks: readonly Task[], id: string): Task[] => tasks.filter((task) => task.id !== id || !canDeleteTask(task));

/** The due date (ISO) of the incomplete task due first, or undefined when no incomplete task has one. */
export const earliestIncompleteDue = (tasks: readonly Task[]): string | undefined => {
  let earliest: Task | undefined;
  for (const task of tasks) {
    const due = dueTime(task);
    if (task.completed || due === undefined) continue;
    if (!earliest || due < (dueTime(earliest) ?? Infinity)) earliest = task;
  }
  return earliest?.dueDate ?? undefined;
};

/** Incomplete first, then by due date (none last), then by priority (1, the most urgent, first), then oldest first. */
export const compareTasks = (a: Task, b: Task): number =>
  Number(a.completed) - Number(b.completed) ||
  (dueTime(a) ?? Infinity) - (dueTime(b) ?? Infinity) ||
  a.priority - b.priority ||
  Date.parse(a.created) - Date.parse(b.created);

/** The list in display order; a new array, equal tasks keep their order. */
export const sortTasks = (tasks: readonly Task[]): Task[] => [...tasks].sort(compareTasks);
