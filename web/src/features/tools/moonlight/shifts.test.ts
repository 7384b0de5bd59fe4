import { describe, expect, it } from 'vitest';
import { monthQuery, queryShifts, shiftHours, shiftPay, shiftProblem, type Shift } from './shifts';

const shift = (id: string, site: string, start: string, end: string, hourlyRate = 150): Shift => ({ id, site, start, end, hourlyRate });

describe('shiftHours and shiftPay', () => {
  it.each([
    ['2026-11-02T19:00', '2026-11-03T07:00', 12],
    ['2026-11-02T08:00', '2026-11-02T12:30', 4.5],
  ])('from %s to %s is %d hours', (start, end, hours) => expect(shiftHours({ start, end })).toBe(hours));

  it('pays hours times the rate, to the cent', () => expect(shiftPay(shift('a', 'X', '2026-11-02T08:00', '2026-11-02T08:20', 100))).toBe(33.33));
});

describe('shiftProblem', () => {
  const ok = { site: 'St Mary ED', start: '2026-11-02T19:00', end: '2026-11-03T07:00', hourlyRate: 150 };
  it.each([
    [{}, undefined],
    [{ site: ' ' }, 'Name the site.'],
    [{ end: '' }, 'Give the start and the end.'],
    [{ end: '2026-11-02T18:00' }, 'The end must come after the start.'],
    [{ end: '2026-11-05T07:00' }, 'A shift is at most 48 hours.'],
    [{ hourlyRate: Number.NaN }, 'The hourly rate must be a number, 0 or more.'],
  ])('%j gives %j', (change, want) => expect(shiftProblem({ ...ok, ...change })).toBe(want));
});

describe('monthQuery', () => {
  it.each([
    ['2026-11', { from: '2026-11-01', to: '2026-11-30' }],
    ['2028-02', { from: '2028-02-01', to: '2028-02-29' }],
  ])('monthQuery(%j) is %j', (month, want) => expect(monthQuery(month)).toEqual(want));
});

describe('queryShifts', () => {
  it('keeps the shifts starting in the range, earliest first, with totals overall and per site', () => {
    const shifts = [
      shift('late', 'St Mary ED', '2026-11-30T19:00', '2026-12-01T07:00'),
      shift('early', 'VA urgent care', '2026-11-03T08:00', '2026-11-03T16:00', 120),
      shift('before', 'St Mary ED', '2026-10-31T19:00', '2026-11-01T07:00'),
      shift('mid', 'St Mary ED ', '2026-11-10T19:00', '2026-11-11T07:00'),
    ];
    const result = queryShifts(shifts, monthQuery('2026-11'));
    expect(result.shifts.map((s) => s.id)).toEqual(['early', 'mid', 'late']);
    expect(result.totals).toEqual({ shifts: 3, hours: 32, pay: 4560 });
    expect(result.bySite).toEqual([
      ['St Mary ED', { shifts: 2, hours: 24, pay: 3600 }],
      ['VA urgent care', { shifts: 1, hours: 8, pay: 960 }],
    ]);
  });
});
