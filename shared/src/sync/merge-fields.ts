// Three-way merge of a record's fields, for version-checked autosave: `base` is the copy my edits started from,
// `mine` the fields I changed, `theirs` the newer copy another device saved. A field only I changed is re-applied,
// a field only they changed is theirs, a field we both changed to different values is a conflict for the user.

/** Deep equality of JSON values (objects compared by keys, arrays by order). */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const aKeys = Object.keys(aRecord).filter((key) => aRecord[key] !== undefined);
  const bKeys = Object.keys(bRecord).filter((key) => bRecord[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => sameValue(aRecord[key], bRecord[key]));
};

/** The fields of `draft` that differ from `base`. */
export const changedFields = <T extends object>(base: T, draft: T): Partial<T> => {
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) if (!sameValue(base[key], draft[key])) changes[key] = draft[key];
  return changes;
};

export interface FieldMerge<T> {
  /** My changes still to save on top of `theirs`. */
  mine: Partial<T>;
  /** Fields both sides changed to different values: the user decides. */
  conflicts: (keyof T)[];
}

export const mergeFields = <T extends object>(base: T, mine: Partial<T>, theirs: T): FieldMerge<T> => {
  const keep: Partial<T> = {};
  const conflicts: (keyof T)[] = [];
  for (const key of Object.keys(mine) as (keyof T)[]) {
    const value = mine[key] as T[keyof T];
    if (sameValue(theirs[key], value)) continue; // both made the same change: nothing left to save
    if (sameValue(theirs[key], base[key])) keep[key] = value; // only I changed it
    else conflicts.push(key);
  }
  return { mine: keep, conflicts };
};
