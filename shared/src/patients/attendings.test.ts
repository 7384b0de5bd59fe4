import { describe, expect, it } from 'vitest';
import { addAttending, normalizeAttending } from './attendings';

describe('normalizeAttending', () => {
  it.each([
    ['  Dr.  Ana   Reyes ', 'Dr. Ana Reyes'],
    ['dr mcneil', 'dr mcneil'],
    ['', ''],
  ])('%j is %j', (raw, want) => expect(normalizeAttending(raw)).toBe(want));
});

describe('addAttending', () => {
  const list = ['Dr. Reyes', 'Dr. McNeil'];

  it('appends a new name, tidied', () => expect(addAttending(list, ' Dr.  Osei ')).toEqual(['Dr. Reyes', 'Dr. McNeil', 'Dr. Osei']));

  it.each(['Dr. Reyes', 'dr. mcneil', '  DR. REYES  ', '', '   '])('keeps the same list for %j', (name) =>
    expect(addAttending(list, name)).toBe(list),
  );

  it('starts an empty list', () => expect(addAttending([], 'Dr. Osei')).toEqual(['Dr. Osei']));
});
