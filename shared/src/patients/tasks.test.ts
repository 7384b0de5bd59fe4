import { describe, expect, it } from 'vitest';
import { Task } from './patient';
import {
  appendDefaultTasks, canDeleteTask, compareTasks, defaultTasks, deleteTask, earliestIncompleteDue, isOverdue, newTask,
  sortTasks, toggleTask, updateTask,
} from './tasks';

const now = new Date('2026-03-10T14:00:00.000Z');
const task = (id: string, over: Partial<Task> = {}): Task => ({ ...newTask({ id, text: id, now }), ...over });
const ids = (tasks: readonly Task[]) => tasks.map((t) => t.id);
const counter = () => {
  let n = 0;
  return () => `t${++n}`;
};

describe('newTask', () => {
  it('makes a valid open task with priority 3, no due date and no tags', () => {
    const created = newTask({ id: 'a', text: '  Call pharmacy re: vanc trough ', now });
    expect(Task.parse(created)).toEqual({
      id: 'a', text: 'Call pharmacy re: vanc trough', details: '', completed: false, priority: 3, dueDate: null,
      created: '2026-03-10T14:00:00.000Z', tags: [],
    });
  });

  it('keeps a given due date and priority', () => {
    const created = newTask({ id: 'b', text: 'F/u K', now, dueDate: '2026-03-10T18:00:00.000Z', priority: 1 });
    expect([created.dueDate, created.priority]).toEqual(['2026-03-10T18:00:00.000Z', 1]);
  });
});

describe('appendDefaultTasks (OP)', () => {
  it('appends the seven default tasks in order after the existing ones', () => {
    const result = appendDefaultTasks([task('mine')], now, counter());
    expect(result.map((t) => t.text)).toEqual(['mine', ...defaultTasks]);
    expect(result.slice(1).every((t) => Task.safeParse(t).success && !t.completed && t.priority === 3)).toBe(true);
    expect(ids(result)).toEqual(['mine', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
  });

  it('has the spec list', () =>
    expect(defaultTasks).toEqual(['Precharting', 'See patient', 'Staff', 'Place RTC', 'Place Orders', 'Sign Note', 'Send Results']));

  it('does not add again a default task that is still open, but does add one that is done', () => {
    const existing = [task('a', { text: 'See patient' }), task('b', { text: 'Sign Note', completed: true })];
    const added = appendDefaultTasks(existing, now, counter()).slice(2).map((t) => t.text);
    expect(added).toEqual(['Precharting', 'Staff', 'Place RTC', 'Place Orders', 'Sign Note', 'Send Results']);
  });

  it('adds nothing on a second click', () => {
    const once = appendDefaultTasks([], now, counter());
    expect(appendDefaultTasks(once, now, counter())).toEqual(once);
  });
});

describe('toggleTask, canDeleteTask, deleteTask', () => {
  it('toggles only the named task, both ways', () => {
    const list = [task('a'), task('b')];
    const once = toggleTask(list, 'a');
    expect(once.map((t) => t.completed)).toEqual([true, false]);
    expect(toggleTask(once, 'a')).toEqual(list);
    expect(list[0]?.completed).toBe(false);
  });

  it.each([[true, true], [false, false]])('completed=%s may be deleted: %s', (completed, want) => expect(canDeleteTask(task('a', { completed }))).toBe(want));

  it('deletes a completed task but keeps an incomplete one', () => {
    const list = [task('done', { completed: true }), task('open')];
    expect(ids(deleteTask(list, 'done'))).toEqual(['open']);
    expect(ids(deleteTask(list, 'open'))).toEqual(['done', 'open']);
    expect(ids(deleteTask(list, 'missing'))).toEqual(['done', 'open']);
  });
});

describe('isOverdue', () => {
  it.each([
    ['due an hour ago', { dueDate: '2026-03-10T13:00:00.000Z' }, true],
    ['due a millisecond ago', { dueDate: '2026-03-10T13:59:59.999Z' }, true],
    ['due exactly now', { dueDate: '2026-03-10T14:00:00.000Z' }, false],
    ['due tomorrow', { dueDate: '2026-03-11T14:00:00.000Z' }, false],
    ['without a due date', { dueDate: null }, false],
    ['past due but completed', { dueDate: '2026-03-01T08:00:00.000Z', completed: true }, false],
  ])('a task %s: %s', (_name, over: Partial<Task>, want) => expect(isOverdue(task('a', over), now)).toBe(want));
});

describe('earliestIncompleteDue', () => {
  it.each([
    ['no tasks', [], undefined],
    ['no due dates', [task('a'), task('b')], undefined],
    ['only completed ones due', [task('a', { completed: true, dueDate: '2026-03-09T10:00:00.000Z' })], undefined],
    [
      'a mix',
      [
        task('a', { dueDate: '2026-03-12T10:00:00.000Z' }),
        task('b', { completed: true, dueDate: '2026-03-09T10:00:00.000Z' }),
        task('c', { dueDate: '2026-03-11T09:30:00.000Z' }),
        task('d'),
      ],
      '2026-03-11T09:30:00.000Z',
    ],
    ['offsets compared as times', [task('a', { dueDate: '2026-03-11T10:00:00+05:00' }), task('b', { dueDate: '2026-03-11T06:00:00Z' })], '2026-03-11T10:00:00+05:00'],
  ])('with %s', (_name, tasks: Task[], want) => expect(earliestIncompleteDue(tasks)).toBe(want));
});

describe('sortTasks', () => {
  it('puts incomplete first, then due date (none last), then priority, then the oldest', () => {
    const list = [
      task('done-early', { completed: true, dueDate: '2026-03-09T08:00:00.000Z' }),
      task('no-due-p1', { priority: 1 }),
      task('due-late', { dueDate: '2026-03-12T08:00:00.000Z' }),
      task('due-soon-p4', { dueDate: '2026-03-11T08:00:00.000Z', priority: 4 }),
      task('due-soon-p2', { dueDate: '2026-03-11T08:00:00.000Z', priority: 2 }),
      task('no-due-p3-newer', { created: '2026-03-10T15:00:00.000Z' }),
      task('no-due-p3-older', { created: '2026-03-10T09:00:00.000Z' }),
      task('done-no-due', { completed: true }),
    ];
    expect(ids(sortTasks(list))).toEqual([
      'due-soon-p2', 'due-soon-p4', 'due-late', 'no-due-p1', 'no-due-p3-older', 'no-due-p3-newer', 'done-early', 'done-no-due',
    ]);
  });

  it('keeps the order of equal tasks and does not change the list given', () => {
    const list = [task('x'), task('y'), task('z')];
    expect(ids(sortTasks(list))).toEqual(['x', 'y', 'z']);
    expect(compareTasks(list[0] as Task, list[1] as Task)).toBe(0);
    sortTasks([...list].reverse());
    expect(ids(list)).toEqual(['x', 'y', 'z']);
  });
});

describe('updateTask', () => {
  it('changes only the named task, keeping the order', () => {
    const tasks = [task('a'), task('b'), task('c')];
    const updated = updateTask(tasks, 'b', { priority: 1, dueDate: '2026-03-11T09:00:00.000Z' });
    expect(ids(updated)).toEqual(['a', 'b', 'c']);
    expect(updated[1]).toMatchObject({ priority: 1, dueDate: '2026-03-11T09:00:00.000Z', text: 'b' });
    expect(updated[0]).toBe(tasks[0]);
    expect(tasks[1]?.priority).toBe(3);
  });

  it('clears a due date with null and leaves an unknown id alone', () => {
    const tasks = [task('a', { dueDate: '2026-03-11T09:00:00.000Z' })];
    expect(updateTask(tasks, 'a', { dueDate: null })[0]?.dueDate).toBeNull();
    expect(updateTask(tasks, 'zz', { priority: 5 })).toEqual(tasks);
  });
});
