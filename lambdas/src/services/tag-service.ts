// The tag manager: counts per tag, and renames, merges and deletes applied to the user's lists and to every item.
// The tag rules themselves live once, in @chartside/shared.
import { AppError, notFound, removeTag, renameTag, tagKinds, versionConflict, type TagSummary, type UserDocument } from '@chartside/shared';
import type { TaggedItem, TaggedItemRepository } from '../data/tagged-item-repository';
import type { UserRepository } from '../data/user-repository';

type Kind = (typeof tagKinds)[number];
type TagList = 'resourceTags' | 'patientTags' | 'panelTags' | 'panelTagsSelected';
type TagChange = (tags: readonly string[]) => string[];

export interface TagDeps {
  users: UserRepository;
  taggedItems: TaggedItemRepository;
}

/** The user's own lists a kind of tag lives in; the first is the one the tag manager shows. */
const listsOf: Record<Kind, readonly TagList[]> = {
  resource: ['resourceTags'],
  patient: ['patientTags', 'panelTags', 'panelTagsSelected'],
};

/** A write that lost a race is read again and retried this many times before the caller sees a conflict. */
const MAX_ATTEMPTS = 5;
/** Item writes in flight at once, so a large library does not burst past the table's throughput. */
const WRITE_BATCH = 10;

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export const tagSummary = async (deps: TagDeps, document: UserDocument): Promise<TagSummary> => {
  const summaries = await Promise.all(
    tagKinds.map(async (kind) => {
      const counts = new Map<string, number>();
      for (const item of await deps.taggedItems.list(document.userId, kind)) {
        for (const tag of new Set(item.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
      return document[listsOf[kind][0]!].map((tag) => ({ tag, count: counts.get(tag) ?? 0 }));
    }),
  );
  return { resource: summaries[0]!, patient: summaries[1]! };
};

/** Applies the change to one item, re-reading it when another write got there first. Returns 1 when it changed. */
const changeItem = async (deps: TagDeps, userId: string, first: TaggedItem, change: TagChange): Promise<number> => {
  let item: TaggedItem | undefined = first;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && item; attempt += 1) {
    const tags = change(item.tags);
    if (sameTags(tags, item.tags)) return 0;
    if (await deps.taggedItems.replaceTags(userId, item, tags)) return 1;
    item = await deps.taggedItems.get(userId, item.sk);
  }
  if (!item) return 0; // deleted meanwhile: nothing left to change
  throw versionConflict('An item carrying this tag');
};

/** Applies the change to the user's lists from the version read, re-reading on a version conflict. */
const changeUserLists = async (deps: TagDeps, first: UserDocument, lists: readonly TagList[], change: TagChange): Promise<UserDocument> => {
  let document = first;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const changed = Object.fromEntries(lists.map((list) => [list, change(document[list])])) as Partial<Record<TagList, string[]>>;
    if (lists.every((list) => sameTags(changed[list] ?? [], document[list]))) return document;
    try {
      return await deps.users.patch(document.userId, { version: document.version, ...changed }, document);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'version_conflict')) throw error;
      const fresh = await deps.users.get(document.userId);
      if (!fresh) throw error;
      document = fresh;
    }
  }
  throw versionConflict('Your tags');
};

/**
 * Changes one tag everywhere it is used: items first, the user's lists last, so a request that fails halfway can simply be
 * sent again (the tag is still in the list until every item is done).
 */
const changeTagEverywhere = async (deps: TagDeps, document: UserDocument, kind: Kind, tag: string, change: TagChange) => {
  const lists = listsOf[kind];
  const items = await deps.taggedItems.list(document.userId, kind, tag);
  if (items.length === 0 && !lists.some((list) => document[list].includes(tag))) throw notFound('That tag');
  let itemsChanged = 0;
  for (let i = 0; i < items.length; i += WRITE_BATCH) {
    const changed = await Promise.all(items.slice(i, i + WRITE_BATCH).map((item) => changeItem(deps, document.userId, item, change)));
    itemsChanged += changed.reduce((sum, n) => sum + n, 0);
  }
  return { itemsChanged, document: await changeUserLists(deps, document, lists, change) };
};

/** Renames `from` to `to` (normalized by the tag rules); when `to` exists already the two merge. */
export const renameTagEverywhere = (deps: TagDeps, document: UserDocument, kind: Kind, from: string, to: string) =>
  changeTagEverywhere(deps, document, kind, from, (tags) => renameTag(tags, from, to));

export const deleteTagEverywhere = (deps: TagDeps, document: UserDocument, kind: Kind, tag: string) =>
  changeTagEverywhere(deps, document, kind, tag, (tags) => removeTag(tags, tag));
