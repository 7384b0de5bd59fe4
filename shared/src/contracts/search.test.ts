import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, passageWords, questionWords, searchWords } from './search';

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

describe('questionWords', () => {
  it.each([
    ['What is the first-line treatment of septic shock?', ['first', 'line', 'treatment', 'septic', 'shock']],
    ['How should I dose apixaban in AF with CKD?', ['dose', 'apixaban', 'AF', 'CKD']],
    ['Apixaban for an 85-year-old?', ['Apixaban', '85']],
    ['Shock, shock and SHOCK', ['Shock']],
    ['"NEAR(heart -failure)*"', ['NEAR', 'heart', 'failure']],
    ['What is it? Tell me about it, please.', []],
    ['', []],
  ])('%j -> %j', (question, words) => {
    expect(questionWords(question)).toEqual(words);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words, counted after the common ones are left out`, () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`);
    expect(questionWords(`the ${words.join(' of the ')}`)).toEqual(words.slice(0, MAX_SEARCH_WORDS));
  });
});

describe('passageWords', () => {
  it.each([
    ['And in renal failure?', 'What apixaban dose in renal failure?', { required: ['renal', 'failure'], boosting: ['apixaban', 'dose'] }],
    ['apixaban', '', { required: ['apixaban'], boosting: [] }],
    ['Why?', 'What apixaban dose?', { required: [], boosting: [] }],
  ])('%j after %j', (question, context, words) => expect(passageWords(question, context)).toEqual(words));

  it(`keeps at most ${MAX_SEARCH_WORDS} words in all, the question's first`, () => {
    const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
    const { required, boosting } = passageWords(words('q', 10), words('c', 10));
    expect(required).toHaveLength(10);
    expect(boosting).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
  });
});
