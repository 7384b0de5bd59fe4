// Home lists (spec: Home): named lists of resources the user orders. Every change is a plain value, so a save refused
// for a stale version can apply the same change again to the latest lists.
import { MAX_SHORT_TEXT } from '../limits';
import { isHomeListNameTaken, type HomeList, type HomeListItem } from './user-document';

/**
 * Names a list by its position and its name. Lists have no id: when another device moved or deleted lists meanwhile,
 * the list is found again by its name.
 */
export interface HomeListRef {
  index: number;
  name: string;
}

export type HomeListChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; list: HomeListRef; name: string }
  | { kind: 'move'; list: HomeListRef; direction: 'left' | 'right' }
  | { kind: 'delete'; list: HomeListRef }
  | { kind: 'add-item'; list: HomeListRef; item: HomeListItem }
  | { kind: 'remove-item'; list: HomeListRef; itemId: string };

/** A list name as saved: trimmed and at most MAX_SHORT_TEXT characters; '' when there is no name. */
export const homeListName = (name: string): string => name.trim().slice(0, MAX_SHORT_TEXT);

/** Where the list is now: at its index when the name still matches there, else the first list of that name; -1 when gone. */
export const findHomeList = (lists: readonly HomeList[], ref: HomeListRef): number =>
  lists[ref.index]?.name === ref.name ? ref.index : lists.findIndex((list) => list.name === ref.name);

const replaceAt = (lists: readonly HomeList[], index: number, list: HomeList): HomeList[] => lists.map((each, i) => (i === index ? list : each));

/** A name another list has already changes nothing (the form says so before it gets here). */
export const createHomeList = (lists: readonly HomeList[], name: string): HomeList[] => {
  const saved = homeListName(name);
  return saved && !isHomeListNameTaken(lists, saved) ? [...lists, { name: saved, items: [] }] : [...lists];
};

export const renameHomeList = (lists: readonly HomeList[], ref: HomeListRef, name: string): HomeList[] => {
  const index = findHomeList(lists, ref);
  const saved = homeListName(name);
  const list = lists[index];
  return list && saved && !isHomeListNameTaken(lists, saved, index) ? replaceAt(lists, index, { ...list, name: saved }) : [...lists];
};

/** Swaps the list with its neighbour; at either end nothing moves. */
export const moveHomeList = (lists: readonly HomeList[], ref: HomeListRef, direction: 'left' | 'right'): HomeList[] => {
  const from = findHomeList(lists, ref);
  const to = direction === 'left' ? from - 1 : from + 1;
  const moving = lists[from];
  const neighbour = lists[to];
  if (from < 0 || !moving || !neighbour) return [...lists];
  const moved = [...lists];
  moved[to] = moving;
  moved[from] = neighbour;
  return moved;
};

export const deleteHomeList = (lists: readonly HomeList[], ref: HomeListRef): HomeList[] => {
  const index = findHomeList(lists, ref);
  return lists.filter((_list, i) => i !== index);
};

/** Adds the item at the end of the list, unless the list already holds that resource. */
export const addHomeListItem = (lists: readonly HomeList[], ref: HomeListRef, item: HomeListItem): HomeList[] => {
  const index = findHomeList(lists, ref);
  const list = lists[index];
  if (!list || list.items.some((each) => each.id === item.id)) return [...lists];
  return replaceAt(lists, index, { ...list, items: [...list.items, item] });
};

export const removeHomeListItem = (lists: readonly HomeList[], ref: HomeListRef, itemId: string): HomeList[] => {
  const index = findHomeList(lists, ref);
  const list = lists[index];
  return list ? replaceAt(lists, index, { ...list, items: list.items.filter((item) => item.id !== itemId) }) : [...lists];
};

/** Applies one change; a change naming a list that no longer exists changes nothing. */
export const changeHomeLists = (lists: readonly HomeList[], change: HomeListChange): HomeList[] => {
  switch (change.kind) {
    case 'create':
      return createHomeList(lists, change.name);
    case 'rename':
      return renameHomeList(lists, change.list, change.name);
    case 'move':
      return moveHomeList(lists, change.list, change.direction);
    case 'delete':
      return deleteHomeList(lists, change.list);
    case 'add-item':
      return addHomeListItem(lists, change.list, change.item);
    case 'remove-item':
      return removeHomeListItem(lists, change.list, change.itemId);
  }
};
