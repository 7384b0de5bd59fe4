import { describe, expect, it } from 'vitest';
import { callSummary, shiftEntries, type CallEntry } from './call-log';

/** A call at a local time today, so the summary's HH:mm reads the same in any time zone. */
const at = (hours: number, minutes: number, day = 26) => new Date(2026, 10, day, hours, minutes).toISOString();
const call = (id: string, when: string, overrides: Partial<CallEntry> = {}): CallEntry => ({
  id, at: when, patient: 'Doe, Jane 4B', caller: '4 West RN', question: 'BP 88/50', action: 'Bolus 500 mL, recheck in 1 h', followUp: false, ...overrides,
});

describe('shiftEntries', () => {
  it('keeps the calls since the shift began, oldest first', () => {
    const entries = [call('b', at(2, 0)), call('old', at(16, 0, 25)), call('a', at(19, 30, 25))];
    expect(shiftEntries(entries, new Date(2026, 10, 25, 18, 0)).map((e) => e.id)).toEqual(['a', 'b']);
  });
});

describe('callSummary', () => {
  it('groups calls by patient, patients with a follow-up first, each call on its line', () => {
    const text = callSummary([
      call('1', at(0, 15)),
      call('2', at(1, 5), { patient: 'Roe, Max 12', caller: 'Pharmacy', question: 'Vancomycin trough 25', action: 'Held next dose', followUp: true }),
      call('3', at(3, 40), { question: 'BP 92/60 after bolus', action: '' }),
      call('4', at(4, 0), { patient: '', caller: 'Lab', question: 'Critical K 6.1 on a hemolysed sample', action: 'Redraw' }),
    ]);
    expect(text).toBe(
      [
        'Cross-cover: 4 calls, 1 to follow up',
        '',
        'Roe, Max 12\n- 01:05 Pharmacy: Vancomycin trough 25 -> Held next dose [FOLLOW-UP]',
        '',
        'Doe, Jane 4B\n- 00:15 4 West RN: BP 88/50 -> Bolus 500 mL, recheck in 1 h\n- 03:40 4 West RN: BP 92/60 after bolus',
        '',
        'No patient named\n- 04:00 Lab: Critical K 6.1 on a hemolysed sample -> Redraw',
      ].join('\n'),
    );
  });

  it('says so when there were no calls', () => expect(callSummary([])).toBe('Cross-cover: 0 calls, 0 to follow up'));
});
