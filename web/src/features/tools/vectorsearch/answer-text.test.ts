import { describe, expect, it } from 'vitest';
import { answerBlocks, citedParts } from './answer-text';

describe('answerBlocks', () => {
  it.each([
    ['One line.', [{ kind: 'paragraph', lines: ['One line.'] }]],
    ['First paragraph,\nits second line.\n\nSecond paragraph.', [{ kind: 'paragraph', lines: ['First paragraph,', 'its second line.'] }, { kind: 'paragraph', lines: ['Second paragraph.'] }]],
    [
      'Options:\n- apixaban [1]\n* warfarin\n• dabigatran\nChoose one.',
      [{ kind: 'paragraph', lines: ['Options:'] }, { kind: 'list', items: ['apixaban [1]', 'warfarin', 'dabigatran'] }, { kind: 'paragraph', lines: ['Choose one.'] }],
    ],
    ['- a\n\n- b', [{ kind: 'list', items: ['a'] }, { kind: 'list', items: ['b'] }]],
    ['  \n\n', []],
    ['<script>x</script>', [{ kind: 'paragraph', lines: ['<script>x</script>'] }]],
  ])('%j', (text, blocks) => expect(answerBlocks(text)).toEqual(blocks));
});

describe('citedParts', () => {
  it.each([
    ['Give 2.5 mg [1].', 2, [{ text: 'Give 2.5 mg ' }, { source: 1 }, { text: '.' }]],
    ['Both [1][2] and [2, 1].', 2, [{ text: 'Both ' }, { source: 1 }, { source: 2 }, { text: ' and ' }, { source: 2 }, { source: 1 }, { text: '.' }]],
    ['Not a source [3] or [0].', 2, [{ text: 'Not a source [3] or [0].' }]],
    ['[1, 3] partly unknown', 2, [{ text: '[1, 3] partly unknown' }]],
    ['No citation at all', 2, [{ text: 'No citation at all' }]],
    ['[1]', 1, [{ source: 1 }]],
    ['[a] and [] stay', 1, [{ text: '[a] and [] stay' }]],
  ] as const)('%j with %i sources', (line, count, parts) => expect(citedParts(line, count)).toEqual(parts));
});
