// The panel's filters (spec: Panel): a tags multi-select, a sort-by select and an Invert checkbox.
import { tagKey } from '../tags/tag-rules';
import type { panelSortOptions } from '../user/user-document';
import type { PatientSummary } from './patient';
import { earliestIncompleteDue } from './tasks';

/** The sort-by options are the user document's `panelSortSelection` values. */
export type PanelSortKey = (typeof panelSortOptions)[number];
/** The panel's info message when no patient matches the filters and loading is finished (spec). */
export const NO_MATCHING_PATIENTS = 'No patients match query';

export const panelSortLabels: Readonly<Record<PanelSortKey, string>> = { name: 'Name', room: 'Room', appointment: 'Appointment', task: 'Task' };

/** Spec: a patient without an incomplete task with a due date sorts as if one were due a year ahead. */
const NO_TASK_DUE_OFFSET_MS = 365 * 24 * 60 * 60 * 1000;

export type PanelPatient = Pick<PatientSummary, 'lastname' | 'firstname' | 'room' | 'appointment' | 'tasks' | 'tags'>;

export interface PanelView {
  /** Selected tags; none selected shows everyone. */
  tags: readonly string[];
  sortBy: PanelSortKey;
  invert: boolean;
  now: Date;
}

/** One fixed locale so the browser and the API order the same way; numeric, so room '2B' comes before '10A'. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * A patient matches when it has every selected tag (compared by `tagKey`: case and spacing do not matter): selecting
 * 'Team Blue' and 'Discharge Today' narrows to Team Blue's discharges, which is how a clinician uses two tags together.
 */
export const matchesTags = (patient: Pick<PanelPatient, 'tags'>, selected: readonly string[]): boolean => {
  const own = new Set(patient.tags.map(tagKey));
  return selected.every((tag) => own.has(tagKey(tag)));
};

const byName = (a: PanelPatient, b: PanelPatient) =>
  naturalOrder.compare(a.lastname.trim(), b.lastname.trim()) || naturalOrder.compare(a.firstname.trim(), b.firstname.trim());

/** Blank values after every filled one. */
const blanksLast = (a: string, b: string, compare: (x: string, y: string) => number): number => {
  if (!a || !b) return Number(!a) - Number(!b);
  return compare(a, b);
};

const taskDue = (patient: PanelPatient, now: Date): number => {
  const due = earliestIncompleteDue(patient.tasks);
  return due === undefined ? now.getTime() + NO_TASK_DUE_OFFSET_MS : Date.parse(due);
};

/** The comparison for a sort key; ties fall back to the name. */
export const panelComparator = (sortBy: PanelSortKey, now: Date) => (a: PanelPatient, b: PanelPatient): number => {
  switch (sortBy) {
    case 'name':
      return byName(a, b);
    case 'room':
      return blanksLast(a.room.trim(), b.room.trim(), (x, y) => naturalOrder.compare(x, y)) || byName(a, b);
    case 'appointment':
      // datetime-local values (YYYY-MM-DDTHH:mm[:ss]) order correctly as text.
      return blanksLast(a.appointment, b.appointment, (x, y) => (x < y ? -1 : x > y ? 1 : 0)) || byName(a, b);
    case 'task':
      return taskDue(a, now) - taskDue(b, now) || byName(a, b);
  }
};

/**
 * The patients the panel shows, filtered and sorted. Invert reverses the whole order (blanks then come first); the
 * sort is stable, so patients that compare equal keep the order they were given in.
 */
export const panelPatients = <T extends PanelPatient>(patients: readonly T[], view: PanelView): T[] => {
  const compare = panelComparator(view.sortBy, view.now);
  const direction = view.invert ? -1 : 1;
  return patients.filter((patient) => matchesTags(patient, view.tags)).sort((a, b) => direction * compare(a, b));
};
