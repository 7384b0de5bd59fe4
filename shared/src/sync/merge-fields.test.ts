import { describe, expect, it } from 'vitest';
import { changedFields, mergeFields, sameValue } from './merge-fields';

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
