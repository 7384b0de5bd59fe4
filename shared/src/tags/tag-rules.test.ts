import { describe, expect, it } from 'vitest';
import { addTags, normalizeTag, removeTag, renameTag, tagKey } from './tag-rules';

describe('normalizeTag', () => {
  it.each([
    ['cardiology', 'Cardiology'],
    ['  heart failure ', 'Heart Failure'],
    ['heart   failure', 'Heart Failure'],
    ['COPD', 'COPD'],
    ['iPhone notes', 'IPhone Notes'],
    ['', ''],
    ['   ', ''],
    ['über', 'Über'],
  ])('normalizeTag(%j) is %j', (raw, want) => expect(normalizeTag(raw)).toBe(want));
});

describe('tagKey', () => {
  it.each([
    ['Heart Failure', 'heart failure'],
    ['  heart   FAILURE ', 'heart failure'],
    ['COPD', 'copd'],
    ['Über', 'über'],
    ['   ', ''],
  ])('tagKey(%j) is %j', (tag, want) => expect(tagKey(tag)).toBe(want));
});

describe('addTags', () => {
  it.each([
    [[], ['a'], ['A']],
    [['A'], ['a', ' A '], ['A']],
    [['Heart Failure'], ['heart failure', 'ckd'], ['Heart Failure', 'Ckd']],
    [['A'], ['', '  '], ['A']],
    [[], ['b', 'a', 'b'], ['B', 'A']],
  ])('addTags(%j, %j) is %j', (existing, added, want) => expect(addTags(existing, added)).toEqual(want));

  it('does not change the list it was given', () => {
    const existing = ['A'];
    addTags(existing, ['b']);
    expect(existing).toEqual(['A']);
  });
});

describe('renameTag and removeTag', () => {
  it('renames in place, normalizing the new name', () => expect(renameTag(['A', 'B'], 'A', ' new name')).toEqual(['New Name', 'B']));
  it('merges when the new name exists', () => expect(renameTag(['A', 'B', 'C'], 'A', 'c')).toEqual(['C', 'B']));
  it('leaves other tags alone', () => expect(renameTag(['A'], 'X', 'Y')).toEqual(['A']));
  it('removes only the named tag', () => expect(removeTag(['A', 'B'], 'A')).toEqual(['B']));
});
