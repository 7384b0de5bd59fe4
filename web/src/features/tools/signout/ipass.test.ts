import { blankPatient, type Task } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { currentEntry, draftEntry, signoutText, type SignoutPatient } from './ipass';

const NOW = '2026-11-26T02:00:00.000Z';
const task = (id: string, text: string, overrides: Partial<Task> = {}): Task => ({
  id, text, details: '', completed: false, priority: 3, dueDate: null, created: NOW, tags: [], ...overrides,
});
const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]);
const patient = (overrides: Partial<SignoutPatient>): SignoutPatient => ({ ...blankPatient('p1', NOW), ...overrides });

describe('draftEntry', () => {
  it('summarises with the ID line and lists open tasks, most urgent first, without done ones', () => {
    const draft = draftEntry(
      patient({
        oneliner: paragraph('72M with HFrEF admitted for volume overload'),
        tasks: [task('a', 'Repeat BMP', { priority: 4 }), task('b', 'Call cardiology', { priority: 1 }), task('c', 'Order echo', { completed: true })],
      }),
    );
    expect(draft).toEqual({ severity: '', summary: '72M with HFrEF admitted for volume overload', actions: '- Call cardiology\n- Repeat BMP', situation: '' });
  });

  it.each([
    [{ oneliner: '', primarydx: 'Pneumonia' }, 'Pneumonia'],
    [{ oneliner: '', primarydx: '' }, ''],
  ])('falls back to the primary diagnosis when the ID line is empty (%j)', (overrides, want) => {
    expect(draftEntry(patient(overrides)).summary).toBe(want);
  });
});

describe('currentEntry', () => {
  it('lays the saved edits over the chart draft', () => {
    const entry = currentEntry(patient({ primarydx: 'Sepsis', tasks: [task('a', 'Follow cultures')] }), { severity: 'watcher', situation: 'If MAP < 65, bolus 1 L' });
    expect(entry).toEqual({ severity: 'watcher', summary: 'Sepsis', actions: '- Follow cultures', situation: 'If MAP < 65, bolus 1 L' });
  });
});

describe('signoutText', () => {
  it('writes each patient in the I-PASS order with a line for the receiver', () => {
    const doe = patient({ lastname: 'Doe', firstname: 'Jane', room: '4B' });
    const roe = patient({ id: 'p2', lastname: 'Roe', firstname: '' });
    const text = signoutText([
      { patient: doe, entry: { severity: 'unstable', summary: 'DKA on insulin drip', actions: '- BMP q2h', situation: 'If K < 3.3, hold insulin' } },
      { patient: roe, entry: { severity: '', summary: '', actions: '', situation: '' } },
    ]);
    expect(text).toBe(
      [
        'Doe, Jane · Room 4B',
        'Illness severity: Unstable',
        'Patient summary: DKA on insulin drip',
        'Action list:\n- BMP q2h',
        'Situation awareness & contingency: If K < 3.3, hold insulin',
        `Synthesis by receiver: ${'_'.repeat(40)}`,
        '',
        'Roe',
        'Illness severity: not set',
        'Patient summary: ',
        'Action list: none',
        'Situation awareness & contingency: ',
        `Synthesis by receiver: ${'_'.repeat(40)}`,
      ].join('\n'),
    );
  });
});
