// Generic list rules: reordering as a drag-and-drop (or keyboard move) does, the one move every sortable list uses; and
// repeated entries, which a dropdown or a keyed list cannot show (Mantine refuses repeated options).

/** The list with the item at `from` moved to index `to`. Out-of-range indexes (or from === to) change nothing. */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
};

/** The items with one per key, the first kept, in order. */
export const uniqueBy = <T>(items: readonly T[], keyOf: (item: T) => unknown): T[] => {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The first key that occurs twice, or undefined when every key is unique. */
export const firstRepeat = <T, K>(items: readonly T[], keyOf: (item: T) => K): K | undefined => {
  const seen = new Set<K>();
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
};
