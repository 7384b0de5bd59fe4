// Moonlighting shifts: hours and pay of a shift, and the totals of a date range (the spec's 'shift query'), per site.
import { z } from 'zod';

/** A datetime-local value, YYYY-MM-DDTHH:mm, read in the user's local time. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);

export const Shift = z.object({
  id: z.string().min(1),
  site: z.string().min(1).max(200),
  start: localDateTime,
  end: localDateTime,
  /** Pay per hour, in the user's currency. */
  hourlyRate: z.number().nonnegative(),
});
export type Shift = z.infer<typeof Shift>;

/** Longest shift accepted: a 48-hour weekend is the most a moonlighter works at once. */
export const MAX_SHIFT_HOURS = 48;

/** Hours between start and end, to the minute; an overnight shift simply ends the next day. */
export const shiftHours = ({ start, end }: Pick<Shift, 'start' | 'end'>): number => (new Date(end).getTime() - new Date(start).getTime()) / 3_600_000;

export const shiftPay = (shift: Shift): number => Math.round(shiftHours(shift) * shift.hourlyRate * 100) / 100;

/** Why a shift cannot be saved, or undefined when it can. */
export const shiftProblem = (shift: Pick<Shift, 'site' | 'start' | 'end' | 'hourlyRate'>): string | undefined => {
  if (!shift.site.trim()) return 'Name the site.';
  if (!shift.start || !shift.end) return 'Give the start and the end.';
  const hours = shiftHours(shift);
  if (!(hours > 0)) return 'The end must come after the start.';
  if (hours > MAX_SHIFT_HOURS) return `A shift is at most ${MAX_SHIFT_HOURS} hours.`;
  if (!Number.isFinite(shift.hourlyRate) || shift.hourlyRate < 0) return 'The hourly rate must be a number, 0 or more.';
  return undefined;
};

export interface Totals {
  shifts: number;
  hours: number;
  pay: number;
}

export interface ShiftQuery {
  /** YYYY-MM-DD, inclusive, compared with the shift's start date. */
  from: string;
  to: string;
}

/** The month of a date as a query: its first to its last day. */
export const monthQuery = (month: string): ShiftQuery => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(year, monthNumber, 0).getDate();
  return { from: `${month}-01`, to: `${month}-${String(lastDay).padStart(2, '0')}` };
};

/** The shifts that start within the range, earliest first, with their totals overall and per site (by site name). */
export const queryShifts = (shifts: readonly Shift[], { from, to }: ShiftQuery) => {
  const found = shifts.filter((shift) => shift.start.slice(0, 10) >= from && shift.start.slice(0, 10) <= to).sort((a, b) => a.start.localeCompare(b.start));
  const add = (totals: Totals, shift: Shift): Totals => ({
    shifts: totals.shifts + 1,
    hours: totals.hours + shiftHours(shift),
    pay: Math.round((totals.pay + shiftPay(shift)) * 100) / 100,
  });
  const none: Totals = { shifts: 0, hours: 0, pay: 0 };
  const bySite = new Map<string, Totals>();
  for (const shift of found) bySite.set(shift.site.trim(), add(bySite.get(shift.site.trim()) ?? none, shift));
  return { shifts: found, totals: found.reduce(add, none), bySite: [...bySite].sort(([a], [b]) => a.localeCompare(b)) };
};
