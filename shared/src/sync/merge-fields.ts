// Three-way merge of a record's fields, for version-checked autosave: `base` is the copy my edits started from,
// `mine` the fields I changed, `theirs` the newer copy another device saved. A field only I changed is re-applied,
// a field only they changed is theirs, a field we both changed to different values is a conflict for the user.
// A list field can be given a finer merge (mergeListById): then two edits to different items of it both survive.

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

/** Which side the user chose for what both sides changed ('Keep mine' / 'Use theirs'). */
export type ConflictChoice = 'mine' | 'theirs';

/**
 * A finer three-way merge of one field's values: the merged value, or 'conflict' when both sides changed the same part.
 * With `prefer`, a part both sides changed takes that side's version (the user chose) instead of being a conflict.
 */
export type FieldMerger<V> = (base: V, mine: V, theirs: V, prefer?: ConflictChoice) => { value: V } | 'conflict';

export type FieldMergers<T> = { [K in keyof T]?: FieldMerger<T[K]> };

export const mergeFields = <T extends object>(base: T, mine: Partial<T>, theirs: T, mergers: FieldMergers<T> = {}, prefer?: ConflictChoice): FieldMerge<T> => {
  const keep: Partial<T> = {};
  const conflicts: (keyof T)[] = [];
  for (const key of Object.keys(mine) as (keyof T)[]) {
    const value = mine[key] as T[keyof T];
    if (sameValue(theirs[key], value)) continue; // both made the same change: nothing left to save
    if (sameValue(theirs[key], base[key])) {
      keep[key] = value; // only I changed it
      continue;
    }
    const merged = mergers[key]?.(base[key], value, theirs[key], prefer) ?? 'conflict';
    if (merged === 'conflict') {
      // The user's choice settles what cannot be merged finer: the whole value of the chosen side.
      if (prefer === 'mine') keep[key] = value;
      else if (prefer === undefined) conflicts.push(key);
    } else if (!sameValue(merged.value, theirs[key])) keep[key] = merged.value;
  }
  return { mine: keep, conflicts };
};

/**
 * Of a list both sides changed, mine and theirs narrowed to the items they changed differently since `base` (what a
 * conflict over the list is about, and all a choice settles). Whole when none is (only the order is contested) or the
 * base is not known.
 */
export const contestedItems = <Item, Key extends keyof Item>(key: Key, base: Item[] | undefined, mine: Item[], theirs: Item[]): [Item[], Item[]] => {
  if (!base) return [mine, theirs];
  const byKey = (items: Item[]) => new Map(items.map((item) => [item[key], item]));
  const [baseItems, myItems, theirItems] = [byKey(base), byKey(mine), byKey(theirs)];
  const contested = new Set<Item[Key]>();
  for (const id of new Set([...myItems.keys(), ...theirItems.keys()])) {
    const [was, my, their] = [baseItems.get(id), myItems.get(id), theirItems.get(id)];
    if (!sameValue(my, their) && !sameValue(my, was) && !sameValue(their, was)) contested.add(id);
  }
  if (contested.size === 0) return [mine, theirs];
  const narrowed = (items: Item[]) => items.filter((item) => contested.has(item[key]));
  return [narrowed(mine), narrowed(theirs)];
};

/**
 * Merges lists of records by a key (`id`, `filePath`), item by item: an item only one side added, changed or removed
 * takes that side's version; the same item changed differently on both sides, or the order changed on both sides
 * differently, is a conflict (or, with `prefer`, takes the chosen side's). The order is theirs, unless only I
 * reordered; items I added follow the item before them in my list.
 */
export const mergeListById =
  <Item, Key extends keyof Item>(key: Key): FieldMerger<Item[]> =>
  (base, mine, theirs, prefer) => {
    const byKey = (items: Item[]) => new Map(items.map((item) => [item[key], item]));
    const [baseItems, myItems, theirItems] = [byKey(base), byKey(mine), byKey(theirs)];
    const merged = new Map<Item[Key], Item>();
    for (const id of new Set([...baseItems.keys(), ...myItems.keys(), ...theirItems.keys()])) {
      const [was, my, their] = [baseItems.get(id), myItems.get(id), theirItems.get(id)];
      let item: Item | undefined;
      if (sameValue(my, their) || sameValue(my, was)) item = their;
      else if (sameValue(their, was)) item = my;
      else if (prefer) item = prefer === 'mine' ? my : their;
      else return 'conflict';
      if (item !== undefined) merged.set(id, item);
    }
    // Relative order of the items kept on a side: did that side move any of them?
    const orderOf = (items: Item[], among: Map<Item[Key], Item>) => items.map((item) => item[key]).filter((id) => among.has(id));
    const common = new Map([...merged].filter(([id]) => baseItems.has(id) && myItems.has(id) && theirItems.has(id)));
    const [baseOrder, myOrder, theirOrder] = [orderOf(base, common), orderOf(mine, common), orderOf(theirs, common)];
    const bothReordered = !sameValue(myOrder, baseOrder) && !sameValue(theirOrder, baseOrder) && !sameValue(myOrder, theirOrder);
    if (bothReordered && !prefer) return 'conflict';
    const mineLeads = bothReordered ? prefer === 'mine' : !sameValue(myOrder, baseOrder);
    const [leading, other] = mineLeads ? [mine, theirs] : [theirs, mine];
    const order = leading.map((item) => item[key]).filter((id) => merged.has(id));
    other.forEach((item, index) => {
      const id = item[key];
      if (!merged.has(id) || order.includes(id)) return;
      const before = other.slice(0, index).map((earlier) => earlier[key]).findLast((earlierId) => order.includes(earlierId));
      order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
    });
    return { value: order.map((id) => merged.get(id) as Item) };
  };
