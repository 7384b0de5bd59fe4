import { describe, expect, it } from 'vitest';
import type { Task } from './patient';
import { panelSortOptions } from '../user/user-document';
import { matchesTags, NO_MATCHING_PATIENTS, type PanelPatient, type PanelView, panelPatients, panelSortLabels } from './panel-sort';
import { newTask } from './tasks';

const now = new Date('2026-03-10T14:00:00.000Z');
type Row = PanelPatient & { id: string };
const patient = (id: string, over: Partial<PanelPatient> = {}): Row => ({
  id, lastname: id, firstname: '', room: '', appointment: '', tasks: [], tags: [], ...over,
});
const due = (dueDate: string | null, completed = false): Task => ({ ...newTask({ id: 'x', text: 'x', now }), dueDate, completed });
const view = (over: Partial<PanelView> = {}): PanelView => ({ tags: [], sortBy: 'name', invert: false, now, ...over });
const ids = (rows: readonly Row[]) => rows.map((row) => row.id);

describe('matchesTags', () => {
  it.each([
    [['ICU', 'Team Blue'], [], true],
    [['ICU', 'Team Blue'], ['ICU'], true],
    [['ICU', 'Team Blue'], ['icu', 'team blue'], true],
    [['ICU', 'Team Blue'], [' team  BLUE'], true],
    [['ICU'], ['ICU', 'Team Blue'], false],
    [[], ['ICU'], false],
    [[], [], true],
  ])('tags %j with %j selected: %s', (tags, selected, want) => expect(matchesTags({ tags }, selected)).toBe(want));
});

describe('panelSortLabels', () => {
  it('labels every sort option', () => expect(Object.keys(panelSortLabels)).toEqual([...panelSortOptions]));
  it('has the spec text for an empty result', () => expect(NO_MATCHING_PATIENTS).toBe('No patients match query'));
});

describe('panelPatients', () => {
  it('sorts by last name, then first name, ignoring case and spaces', () => {
    const rows = [
      patient('c', { lastname: 'smith', firstname: 'John' }),
      patient('a', { lastname: 'Adams', firstname: 'Zoe' }),
      patient('b', { lastname: ' Smith', firstname: 'Anna' }),
      patient('d', { lastname: 'Ádler', firstname: '' }),
    ];
    expect(ids(panelPatients(rows, view()))).toEqual(['a', 'd', 'b', 'c']);
  });

  it('sorts rooms in natural order, blank rooms last, ties by name', () => {
    const rows = [
      patient('z', { room: '10A' }),
      patient('y', { room: '' }),
      patient('x', { room: '2B' }),
      patient('w', { room: '2A' }),
      patient('v', { room: 'ICU-12' }),
      patient('u', { room: 'ICU-3' }),
      patient('t', { room: '2b' }),
    ];
    expect(ids(panelPatients(rows, view({ sortBy: 'room' })))).toEqual(['w', 't', 'x', 'z', 'u', 'v', 'y']);
  });

  it('sorts by appointment, none last', () => {
    const rows = [
      patient('none'),
      patient('pm', { appointment: '2026-03-10T13:30' }),
      patient('am', { appointment: '2026-03-10T08:15' }),
      patient('tomorrow', { appointment: '2026-03-11T07:45' }),
    ];
    expect(ids(panelPatients(rows, view({ sortBy: 'appointment' })))).toEqual(['am', 'pm', 'tomorrow', 'none']);
  });

  it('sorts by the earliest incomplete due date; none sorts as if due a year ahead', () => {
    const rows = [
      patient('nothing-due', { tasks: [due(null)] }),
      patient('in-two-years', { tasks: [due('2028-03-10T14:00:00.000Z')] }),
      patient('tomorrow', { tasks: [due('2026-03-11T09:00:00.000Z'), due('2026-03-20T09:00:00.000Z')] }),
      patient('overdue', { tasks: [due('2026-03-09T09:00:00.000Z')] }),
      patient('only-done', { tasks: [due('2026-03-01T09:00:00.000Z', true)] }),
      patient('in-six-months', { tasks: [due('2026-09-10T09:00:00.000Z')] }),
    ];
    expect(ids(panelPatients(rows, view({ sortBy: 'task' })))).toEqual([
      'overdue', 'tomorrow', 'in-six-months', 'nothing-due', 'only-done', 'in-two-years',
    ]);
  });

  it('inverts the whole order', () => {
    const rows = [patient('b', { room: '2' }), patient('none'), patient('a', { room: '10' })];
    expect(ids(panelPatients(rows, view({ sortBy: 'room', invert: true })))).toEqual(['none', 'a', 'b']);
  });

  it.each(panelSortOptions.flatMap((sortBy) => [false, true].map((invert) => [sortBy, invert] as const)))(
    'by %s (invert=%s) keeps equal patients in the order given',
    (sortBy, invert) => {
      const rows = ['p1', 'p2', 'p3', 'p4'].map((id) => ({ ...patient(id), lastname: 'Same' }));
      expect(ids(panelPatients(rows, view({ sortBy, invert })))).toEqual(['p1', 'p2', 'p3', 'p4']);
    },
  );

  it('filters by every selected tag before sorting, and leaves the list given alone', () => {
    const rows = [
      patient('c', { tags: ['ICU', 'Team Blue'] }),
      patient('b', { tags: ['Team Blue'] }),
      patient('a', { tags: ['ICU', 'Team Blue', 'Discharge Today'] }),
    ];
    expect(ids(panelPatients(rows, view({ tags: ['Team Blue', 'ICU'] })))).toEqual(['a', 'c']);
    expect(ids(panelPatients(rows, view({ tags: ['Nephrology'] })))).toEqual([]);
    expect(ids(rows)).toEqual(['c', 'b', 'a']);
  });
});
