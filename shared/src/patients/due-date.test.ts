// Dates are built and read with local fields, so these pass in every timezone; run them with TZ set to check.
import { describe, expect, it } from 'vitest';
import { calendarDay, clockTime, dueMinuteOptions, roundUpToStep, shiftDueDate, to12Hour, to24Hour, withCalendarDay, withClockTime } from './due-date';

const local = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0) =>
  new Date(year, month - 1, day, hour, minute, second, ms);
/** 'YYYY-MM-DD HH:mm:ss' in local time. */
const show = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

describe('12-hour clock', () => {
  it.each([
    [0, 12, 'AM'], [1, 1, 'AM'], [11, 11, 'AM'], [12, 12, 'PM'], [13, 1, 'PM'], [23, 11, 'PM'],
  ] as const)('%i h is %i %s, and back', (hour24, hour, meridiem) => {
    expect(to12Hour(hour24)).toEqual({ hour, meridiem });
    expect(to24Hour(hour, meridiem)).toBe(hour24);
  });

  it('round-trips every hour of the day', () => {
    for (let h = 0; h < 24; h++) {
      const { hour, meridiem } = to12Hour(h);
      expect(to24Hour(hour, meridiem)).toBe(h);
    }
  });

  it('reads a date as the picker shows it', () => expect(clockTime(local(2026, 3, 10, 17, 45))).toEqual({ hour: 5, meridiem: 'PM', minute: 45 }));
});

describe('withClockTime', () => {
  it.each([
    [{ hour: 12, meridiem: 'AM', minute: 0 }, '2026-03-10 00:00:00'],
    [{ hour: 12, meridiem: 'PM', minute: 30 }, '2026-03-10 12:30:00'],
    [{ hour: 9, meridiem: 'PM', minute: 45 }, '2026-03-10 21:45:00'],
    [{ hour: 7, meridiem: 'AM', minute: 20 }, '2026-03-10 07:15:00'],
  ] as const)('%j on 10 March is %s', (time, want) => expect(show(withClockTime(local(2026, 3, 10, 14, 7, 33, 250), time))).toBe(want));

  it('offers only 15-minute steps', () => expect(dueMinuteOptions).toEqual([0, 15, 30, 45]));
});

describe('roundUpToStep', () => {
  it.each([
    [local(2026, 3, 10, 10, 7), '2026-03-10 10:15:00'],
    [local(2026, 3, 10, 10, 15), '2026-03-10 10:15:00'],
    [local(2026, 3, 10, 10, 15, 1), '2026-03-10 10:30:00'],
    [local(2026, 3, 10, 10, 0, 0, 1), '2026-03-10 10:15:00'],
    [local(2026, 3, 10, 10, 46), '2026-03-10 11:00:00'],
    [local(2026, 3, 10, 23, 50), '2026-03-11 00:00:00'],
    [local(2026, 12, 31, 23, 59, 59), '2027-01-01 00:00:00'],
  ])('%s -> %s', (date, want) => expect(show(roundUpToStep(date))).toBe(want));
});

describe('shiftDueDate', () => {
  it.each([
    ['day', 1, local(2026, 3, 10, 9, 0), '2026-03-11 09:00:00'],
    ['day', -1, local(2026, 3, 1, 9, 0), '2026-02-28 09:00:00'],
    ['week', 1, local(2026, 12, 28, 16, 30), '2027-01-04 16:30:00'],
    ['week', -1, local(2026, 3, 10, 16, 30), '2026-03-03 16:30:00'],
    ['hour', 1, local(2026, 3, 10, 23, 30), '2026-03-11 00:30:00'],
    ['hour', -1, local(2026, 3, 10, 0, 15), '2026-03-09 23:15:00'],
    // Across the US, EU and southern-hemisphere daylight-saving changes: the wall-clock time stays.
    ['day', 1, local(2026, 3, 7, 9, 0), '2026-03-08 09:00:00'],
    ['week', 1, local(2026, 3, 25, 9, 0), '2026-04-01 09:00:00'],
    ['day', 1, local(2026, 4, 4, 9, 0), '2026-04-05 09:00:00'],
    ['week', 1, local(2026, 10, 28, 9, 0), '2026-11-04 09:00:00'],
  ] as const)('%s x %i from %s is %s', (unit, amount, date, want) => expect(show(shiftDueDate(date, unit, amount))).toBe(want));

  it('moves an hour by sixty real minutes', () => {
    const start = local(2026, 3, 8, 1, 30);
    expect(shiftDueDate(start, 'hour', 1).getTime() - start.getTime()).toBe(3_600_000);
  });

  it('does not change the date it was given', () => {
    const start = local(2026, 3, 10, 9);
    shiftDueDate(start, 'week', 1);
    roundUpToStep(local(2026, 3, 10, 9, 7));
    expect(show(start)).toBe('2026-03-10 09:00:00');
  });
});

describe('calendar day', () => {
  it('reads the local day with padded month and day', () => expect(calendarDay(local(2026, 3, 5, 23, 59))).toBe('2026-03-05'));

  it.each([
    ['2026-04-01', '2026-04-01 09:15:00'],
    ['2028-02-29', '2028-02-29 09:15:00'],
    ['2025-12-31', '2025-12-31 09:15:00'],
  ])('moves to %s keeping the wall-clock time', (day, want) => {
    const moved = withCalendarDay(local(2026, 3, 10, 9, 15), day);
    expect(moved && show(moved)).toBe(want);
  });

  it.each(['', '2026-02-30', '2027-02-29', '2026-13-01', '10/03/2026'])('ignores %j', (day) =>
    expect(withCalendarDay(local(2026, 3, 10, 9, 15), day)).toBeUndefined(),
  );

  it('does not change the date it is given', () => {
    const date = local(2026, 3, 10, 9, 15);
    withCalendarDay(date, '2026-04-01');
    expect(show(date)).toBe('2026-03-10 09:15:00');
  });
});
