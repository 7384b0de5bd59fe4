// The task due-date picker (spec sections 5 and 9): minutes in 15-minute steps, hour 1-12 with AM/PM, and quick
// shifts of a day, a week and an hour. Everything works on the given Date's local fields (the clinician's own clock),
// through the local setters, so daylight-saving changes and zones with odd offsets come out right.

export const DUE_MINUTE_STEP = 15;
export const dueMinuteOptions = [0, 15, 30, 45] as const;
export const dueHourOptions = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type Meridiem = 'AM' | 'PM';

const HOURS_PER_HALF_DAY = 12;
const DAYS_PER_WEEK = 7;
const MS_PER_HOUR = 3_600_000;

export interface ClockTime {
  /** 1 to 12. */
  hour: number;
  meridiem: Meridiem;
  minute: number;
}

/** 0 -> 12 AM, 12 -> 12 PM, 13 -> 1 PM. */
export const to12Hour = (hour24: number): { hour: number; meridiem: Meridiem } => ({
  hour: hour24 % HOURS_PER_HALF_DAY === 0 ? HOURS_PER_HALF_DAY : hour24 % HOURS_PER_HALF_DAY,
  meridiem: hour24 < HOURS_PER_HALF_DAY ? 'AM' : 'PM',
});

/** 12 AM -> 0, 12 PM -> 12, 1 PM -> 13. */
export const to24Hour = (hour12: number, meridiem: Meridiem): number =>
  (hour12 % HOURS_PER_HALF_DAY) + (meridiem === 'PM' ? HOURS_PER_HALF_DAY : 0);

/** The picker's reading of a date: its local hour on the 12-hour clock and its minute. */
export const clockTime = (date: Date): ClockTime => ({ ...to12Hour(date.getHours()), minute: date.getMinutes() });

/** The same local day at the chosen time, seconds cleared. A minute off the 15-minute steps is rounded down onto one. */
export const withClockTime = (date: Date, { hour, meridiem, minute }: ClockTime): Date => {
  const next = new Date(date);
  const stepped = Math.floor(minute / DUE_MINUTE_STEP) * DUE_MINUTE_STEP;
  next.setHours(to24Hour(hour, meridiem), stepped, 0, 0);
  return next;
};

/** The next quarter hour, or the same time when it is on one already (10:07 -> 10:15, 10:15 -> 10:15, 23:50 -> 00:00). */
export const roundUpToStep = (date: Date): Date => {
  const next = new Date(date);
  const onStep = next.getMinutes() % DUE_MINUTE_STEP === 0 && next.getSeconds() === 0 && next.getMilliseconds() === 0;
  if (onStep) return next;
  next.setMinutes(Math.floor(next.getMinutes() / DUE_MINUTE_STEP) * DUE_MINUTE_STEP + DUE_MINUTE_STEP, 0, 0);
  return next;
};

export type DueShiftUnit = 'hour' | 'day' | 'week';

/** The quick-shift buttons, forward and back. */
export const dueShifts: readonly { unit: DueShiftUnit; amount: number; label: string }[] = [
  { unit: 'hour', amount: 1, label: '+1 hour' },
  { unit: 'day', amount: 1, label: '+1 day' },
  { unit: 'week', amount: 1, label: '+1 week' },
  { unit: 'hour', amount: -1, label: '-1 hour' },
  { unit: 'day', amount: -1, label: '-1 day' },
  { unit: 'week', amount: -1, label: '-1 week' },
];

/**
 * Moves a due date. Days and weeks move on the calendar, keeping the wall-clock time across a daylight-saving change
 * (9:00 stays 9:00); an hour is sixty real minutes.
 */
export const shiftDueDate = (date: Date, unit: DueShiftUnit, amount: number): Date => {
  if (unit === 'hour') return new Date(date.getTime() + amount * MS_PER_HOUR);
  const next = new Date(date);
  next.setDate(next.getDate() + amount * (unit === 'week' ? DAYS_PER_WEEK : 1));
  return next;
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a date as a date input holds it ('2026-03-10'). */
export const calendarDay = (date: Date): string => `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;

/**
 * The same local wall-clock time on another day ('YYYY-MM-DD', as a date input gives it). Undefined for a blank or
 * impossible day (2026-02-30), so a half-typed date changes nothing.
 */
export const withCalendarDay = (date: Date, day: string): Date | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const next = new Date(date);
  next.setFullYear(year, month, dayOfMonth);
  const valid = next.getFullYear() === year && next.getMonth() === month && next.getDate() === dayOfMonth;
  return valid ? next : undefined;
};
