import { describe, expect, it } from 'vitest';
import { ageInYears, displayName, formatMrn, mrnForDisplay } from './patient-name';

describe('displayName', () => {
  it.each([
    ['Doe', 'Jane', 'Doe, Jane'],
    ['  Nguyen ', ' Thi Minh ', 'Nguyen, Thi Minh'],
    ["O'Brien-Smith", '', "O'Brien-Smith"],
    ['', 'Jane', 'Jane'],
    ['  ', '  ', ''],
  ])('%j, %j -> %j', (lastname, firstname, want) => expect(displayName({ lastname, firstname })).toBe(want));
});

describe('ageInYears', () => {
  // Local-time dates: the age must not move with the machine's timezone.
  const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 23, 59);
  it.each([
    ['1950-06-15', on(2026, 6, 14), 75],
    ['1950-06-15', on(2026, 6, 15), 76],
    ['1950-06-15', on(2026, 6, 16), 76],
    ['1950-12-31', on(2026, 1, 1), 75],
    ['2000-01-01', new Date(2026, 0, 1, 0, 0), 26],
    ['2000-02-29', on(2025, 2, 28), 24],
    ['2000-02-29', on(2025, 3, 1), 25],
    ['2000-02-29', on(2028, 2, 29), 28],
    ['2026-03-10', on(2026, 3, 10), 0],
    ['2025-03-11', on(2026, 3, 10), 0],
    [' 1980-07-04 ', on(2026, 7, 4), 46],
  ])('born %s, on %s: %i', (dob, today, want) => expect(ageInYears(dob, today)).toBe(want));

  it.each(['', '   ', '1950-13-01', '2026-02-30', '2025-02-29', '15/06/1950', '1950-6-15', 'unknown'])('%j gives no age', (dob) =>
    expect(ageInYears(dob, on(2026, 3, 10))).toBeUndefined());

  it('gives no age for a date of birth in the future', () => expect(ageInYears('2026-03-11', on(2026, 3, 10))).toBeUndefined());
});

describe('formatMrn and mrnForDisplay', () => {
  it.each([
    ['123456789', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['123 456 789', '123-45-6789'],
    ['1234567', '1 234 567'],
    ['00012345', '00 012 345'],
    ['123', '123'],
    ['1234567890', '1 234 567 890'],
    ['AB12345', 'AB12345'],
    [' E-1234 ', 'E-1234'],
    ['', ''],
  ])('formats %j as %j', (mrn, want) => expect(formatMrn(mrn)).toBe(want));

  it.each([
    ['123456789', true, '123-45-6789'],
    ['123456789', false, '123456789'],
    [' 1234567 ', false, ' 1234567 '],
  ])('%j with cprs=%s shows and copies %j', (mrn, cprs, want) => expect(mrnForDisplay(mrn, cprs)).toBe(want));
});
