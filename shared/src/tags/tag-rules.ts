// The tag rules (spec section 5): trimmed, first letter of each word capitalized, empty and duplicate tags ignored.

/** 'heart  failure ' -> 'Heart Failure'. Inner runs of whitespace collapse to one space. */
export const normalizeTag = (raw: string): string =>
  raw
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');

/** What makes two tags one tag: 'heart  FAILURE' and 'Heart Failure' share the key 'heart failure'. */
export const tagKey = (tag: string): string => normalizeTag(tag).toLocaleLowerCase();

/** Adds tags to a list, normalized, skipping empty ones and ones already present (compared case-insensitively). */
export const addTags = (existing: readonly string[], added: readonly string[]): string[] => {
  const result = [...existing];
  const seen = new Set(existing.map(tagKey));
  for (const raw of added) {
    const tag = normalizeTag(raw);
    const key = tagKey(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
};

/** Renames `from` to `to` in a list; when `to` is already there the two merge into one. */
export const renameTag = (tags: readonly string[], from: string, to: string): string[] => {
  const target = normalizeTag(to);
  const renamed = tags.map((t) => (t === from ? target : t));
  return addTags([], renamed);
};

export const removeTag = (tags: readonly string[], tag: string): string[] => tags.filter((t) => t !== tag);
