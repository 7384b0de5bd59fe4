// How the panel words a patient: the appointment as a date and time, the next open task, the one-liner as plain text.
import { sectionPlainText, sortTasks, type Task } from '@chartside/shared';

const appointmentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A datetime-local value ('2026-03-10T09:30') read as local time; '' when there is none. */
export const appointmentText = (appointment: string): string => {
  if (!appointment) return '';
  const date = new Date(appointment);
  return Number.isNaN(date.getTime()) ? appointment : appointmentFormat.format(date);
};

const dueFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const dueText = (dueDate: string): string => dueFormat.format(new Date(dueDate));

/** The incomplete tasks in the task list's order (due first, then priority). */
export const openTasks = (tasks: readonly Task[]): Task[] => sortTasks(tasks).filter((task) => !task.completed);

/** The one-liner as one line of plain text. */
export const onelinerPreview = (oneliner: string): string => sectionPlainText(oneliner).replace(/\s+/g, ' ').trim();
