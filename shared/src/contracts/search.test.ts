import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, searchWords } from './search';

describe('searchWords', () => {
  it.each([
    ['heart failure', ['heart', 'failure']],
    ['  "warfarin*  ', ['warfarin']],
    ['heart-failure (NEAR) name:x', ['heart', 'failure', 'NEAR', 'name', 'x']],
    ['🫀 Ærøskøbing é', ['Ærøskøbing', 'é']],
    ['\uE000warfarin\uE001', ['warfarin']],
    ['CHA2DS2-VASc', ['CHA2DS2', 'VASc']],
    ['*"-:()', []],
    ['', []],
  ])('%j -> %j', (query, words) => {
    expect(searchWords(query)).toEqual(words);
  });

  it('composes accents and folds compatibility forms (NFKC), so typed and pasted text match alike', () => {
    expect(searchWords('e\u0301tude ﬁbrosis')).toEqual(['\u00e9tude', 'fibrosis']);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords('w '.repeat(40))).toHaveLength(MAX_SEARCH_WORDS);
  });
});
