// The user's list of attendings (spec: Patient screen, Attending autocomplete): a name committed on a patient that is
// not on the list yet is added to it, so it is suggested next time.

/** Inner runs of whitespace collapse to one space; the name is otherwise kept as typed ('Dr. McNeil'). */
export const normalizeAttending = (raw: string): string => raw.trim().replace(/\s+/g, ' ');

/** The list with `name` added at the end, or the same list when the name is blank or already there (any case). */
export const addAttending = (attendings: readonly string[], raw: string): readonly string[] => {
  const name = normalizeAttending(raw);
  const known = attendings.some((attending) => attending.toLocaleLowerCase() === name.toLocaleLowerCase());
  return !name || known ? attendings : [...attendings, name];
};
