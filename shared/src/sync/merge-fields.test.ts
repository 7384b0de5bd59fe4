import { describe, expect, it } from 'vitest';
import { changedFields, contestedItems, mergeFields, mergeListById, sameValue } from './merge-fields';

interface Doc {
  name: string;
  tags: string[];
  link: string;
  meta: { a: number } | null;
}

const base: Doc = { name: 'Sepsis', tags: ['Icu'], link: '', meta: null };

describe('mergeFields', () => {
  it.each<[string, Partial<Doc>, Partial<Doc>, Partial<Doc>, (keyof Doc)[]]>([
    ['nobody changed anything', {}, {}, {}, []],
    ['only I changed a field', { name: 'Sepsis 2' }, {}, { name: 'Sepsis 2' }, []],
    ['only they changed a field', {}, { link: 'https://x.org' }, {}, []],
    ['we changed different fields', { name: 'Sepsis 2' }, { link: 'https://x.org' }, { name: 'Sepsis 2' }, []],
    ['we made the same change', { name: 'Same' }, { name: 'Same' }, {}, []],
    ['we changed the same field differently', { name: 'Mine' }, { name: 'Theirs' }, {}, ['name']],
    ['arrays compare by content', { tags: ['Icu', 'Sepsis'] }, { tags: ['Icu'] }, { tags: ['Icu', 'Sepsis'] }, []],
    ['an array changed on both sides conflicts', { tags: ['Icu', 'A'] }, { tags: ['Icu', 'B'] }, {}, ['tags']],
    ['objects compare deeply', { meta: { a: 1 } }, { meta: { a: 1 } }, {}, []],
    ['a conflict and a clean change together', { name: 'Mine', link: 'https://mine.org' }, { name: 'Theirs' }, { link: 'https://mine.org' }, ['name']],
  ])('%s', (_case, mine, theirChanges, wantMine, wantConflicts) => {
    const theirs = { ...base, ...theirChanges };
    expect(mergeFields(base, mine, theirs)).toEqual({ mine: wantMine, conflicts: wantConflicts });
  });
});

interface Item {
  id: string;
  text: string;
}

const item = (id: string, text = id) => ({ id, text });
const a = item('a');
const b = item('b');
const c = item('c');
const mergeById = mergeListById<Item, 'id'>('id');

describe('mergeListById', () => {
  it.each<[string, Item[], Item[], Item[] | 'conflict']>([
    ['I changed one item, they another', [item('a', 'mine'), b, c], [a, b, item('c', 'theirs')], [item('a', 'mine'), b, item('c', 'theirs')]],
    ['we changed the same item the same way', [item('a', 'same'), b, c], [item('a', 'same'), b, c], [item('a', 'same'), b, c]],
    ['we changed the same item differently', [item('a', 'mine'), b, c], [item('a', 'theirs'), b, c], 'conflict'],
    ['I added an item, they changed another', [a, b, item('m'), c], [a, item('b', 'theirs'), c], [a, item('b', 'theirs'), item('m'), c]],
    ['I added at the top, they added at the end', [item('m'), a, b, c], [a, b, c, item('t')], [item('m'), a, b, c, item('t')]],
    ['I removed an item they left alone, they changed another', [a, c], [item('a', 'theirs'), b, c], [item('a', 'theirs'), c]],
    ['they removed an item I left alone', [item('a', 'mine'), b, c], [a, b], [item('a', 'mine'), b]],
    ['I changed an item they removed', [a, item('b', 'mine'), c], [a, c], 'conflict'],
    ['I reordered, they changed an item', [c, a, b], [a, item('b', 'theirs'), c], [c, a, item('b', 'theirs')]],
    ['they reordered, I added an item after b', [a, b, item('m'), c], [b, c, a], [b, item('m'), c, a]],
    ['we reordered differently', [c, a, b], [b, a, c], 'conflict'],
    ['we reordered the same way', [c, b, a], [c, b, a], [c, b, a]],
  ])('%s', (_case, mine, theirs, want) => {
    expect(mergeById([a, b, c], mine, theirs)).toEqual(want === 'conflict' ? 'conflict' : { value: want });
  });

  it('lets mergeFields merge a list field item by item, and still report a conflict on that field', () => {
    const doc = { name: 'x', items: [a, b] };
    const mergers = { items: mergeById };
    expect(mergeFields(doc, { items: [item('a', 'mine'), b] }, { ...doc, items: [a, item('b', 'theirs')] }, mergers)).toEqual({
      mine: { items: [item('a', 'mine'), item('b', 'theirs')] },
      conflicts: [],
    });
    expect(mergeFields(doc, { items: [item('a', 'mine'), b] }, { ...doc, items: [item('a', 'theirs'), b] }, mergers)).toEqual({ mine: {}, conflicts: ['items'] });
    expect(mergeFields(doc, { items: [item('a', 'mine'), b] }, { ...doc, items: [item('a', 'theirs'), b] })).toEqual({ mine: {}, conflicts: ['items'] });
  });
});

describe("the user's choice settles what both sides changed", () => {
  it('takes the chosen side of an item both changed, and keeps the other items of both sides', () => {
    const mine = [item('a', 'mine'), item('b', 'mine only'), c];
    const theirs = [item('a', 'theirs'), b, item('c', 'theirs only')];
    expect(mergeById([a, b, c], mine, theirs)).toBe('conflict');
    expect(mergeById([a, b, c], mine, theirs, 'mine')).toEqual({ value: [item('a', 'mine'), item('b', 'mine only'), item('c', 'theirs only')] });
    expect(mergeById([a, b, c], mine, theirs, 'theirs')).toEqual({ value: [item('a', 'theirs'), item('b', 'mine only'), item('c', 'theirs only')] });
  });

  it('takes the chosen order when both reordered differently', () => {
    expect(mergeById([a, b, c], [c, a, b], [b, a, c], 'mine')).toEqual({ value: [c, a, b] });
    expect(mergeById([a, b, c], [c, a, b], [b, a, c], 'theirs')).toEqual({ value: [b, a, c] });
  });

  it('narrows a list in conflict to the items both sides changed differently', () => {
    expect(contestedItems('id', [a, b, c], [item('a', 'mine'), item('b', 'mine only'), c], [item('a', 'theirs'), b, item('c', 'theirs only')])).toEqual([
      [item('a', 'mine')],
      [item('a', 'theirs')],
    ]);
    // I changed b, they removed it.
    expect(contestedItems('id', [a, b, c], [a, item('b', 'mine')], [a, c])).toEqual([[item('b', 'mine')], []]);
    // Only the order is contested, or the base is not known: the whole lists.
    expect(contestedItems('id', [a, b, c], [c, a, b], [b, a, c])).toEqual([
      [c, a, b],
      [b, a, c],
    ]);
    expect(contestedItems('id', undefined, [item('a', 'mine')], [item('a', 'theirs')])).toEqual([[item('a', 'mine')], [item('a', 'theirs')]]);
  });

  it('lets mergeFields take a whole value where nothing finer merges, and leave my clean changes alone', () => {
    const theirs = { ...base, name: 'Theirs' };
    const mine = { name: 'Mine', link: 'https://mine.org' };
    expect(mergeFields(base, mine, theirs, {}, 'mine')).toEqual({ mine: { name: 'Mine', link: 'https://mine.org' }, conflicts: [] });
    expect(mergeFields(base, mine, theirs, {}, 'theirs')).toEqual({ mine: { link: 'https://mine.org' }, conflicts: [] });
  });
});

describe('changedFields', () => {
  it('lists only the fields that differ, by value', () => {
    expect(changedFields(base, { ...base, tags: ['Icu'], name: 'New' })).toEqual({ name: 'New' });
  });
});

describe('sameValue', () => {
  it.each([
    [1, 1, true],
    ['a', 'b', false],
    [null, {}, false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: [1] }, { a: [1] }, true],
    [[], {}, false],
  ])('sameValue(%j, %j) is %j', (a, b, want) => expect(sameValue(a, b)).toBe(want));
});
