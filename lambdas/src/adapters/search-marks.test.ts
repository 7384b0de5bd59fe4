import { describe, expect, it } from 'vitest';
import { markedParts, withoutMarks } from './search-marks';

describe('search marks', () => {
  it.each([
    ['Dose \uE000warfarin\uE001 and \uE000INR\uE001', [{ text: 'Dose ', highlight: false }, { text: 'warfarin', highlight: true }, { text: ' and ', highlight: false }, { text: 'INR', highlight: true }]],
    ['<b>plain</b>', [{ text: '<b>plain</b>', highlight: false }]],
    ['\uE000a\uE001\uE000b\uE001', [{ text: 'ab', highlight: true }]],
    ['', []],
  ])('markedParts(%j)', (marked, parts) => expect(markedParts(marked)).toEqual(parts));

  it('keeps a document from forging a mark', () => expect(withoutMarks('a\uE000b\uE001c')).toBe('a b c'));
});
