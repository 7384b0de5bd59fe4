import { describe, expect, it, vi } from 'vitest';
import { fitWithin } from './downscale-image';
import { parseStoredBlocks, serializeBlocks } from './stored-blocks';
import { tripleAsteriskRanges } from './triple-asterisks';

const known = new Set(['paragraph', 'bulletListItem', 'heading']);
const blocks = [
  { type: 'heading', props: { level: 2 }, content: [{ type: 'text', text: 'Dose', styles: {} }], children: [] },
  { type: 'bulletListItem', content: 'one', children: [{ type: 'paragraph', content: 'nested', children: [] }] },
];

describe('parseStoredBlocks', () => {
  it.each(['', '   ', '[]'])('opens %j as an empty document', (stored) => expect(parseStoredBlocks(stored, known)).toBeUndefined());

  it('reads back what was stored', () => expect(parseStoredBlocks(serializeBlocks(blocks), known)).toEqual(blocks));

  it.each([
    ['text that is not JSON', 'text that is not JSON'],
    ['{"ops":[{"insert":"a delta"}]}', '{"ops":[{"insert":"a delta"}]}'],
    ['[{"type":"kanban"}]', '[{"type":"kanban"}]'],
    ['[{"type":"paragraph","children":[{"type":"mystery"}]}]', '[{"type":"paragraph","children":[{"type":"mystery"}]}]'],
    ['"a JSON string"', 'a JSON string'],
  ])('logs and keeps %j as one paragraph of raw text', (stored, text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseStoredBlocks(stored, known)).toEqual([{ type: 'paragraph', content: text }]);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('tripleAsteriskRanges', () => {
  it.each([
    ['no stars', []],
    ['dose *** mg', [{ from: 5, to: 8 }]],
    ['** not three', []],
    ['****** two', [{ from: 0, to: 3 }, { from: 3, to: 6 }]],
    ['a *** b *** c', [{ from: 2, to: 5 }, { from: 8, to: 11 }]],
  ])('finds the blanks in %j', (text, want) => expect(tripleAsteriskRanges(text)).toEqual(want));
});

describe('fitWithin 1200x900', () => {
  it.each([
    [800, 600, 800, 600],
    [2400, 1800, 1200, 900],
    [4000, 1000, 1200, 300],
    [1000, 3000, 300, 900],
    [1200, 900, 1200, 900],
  ])('%ix%i becomes %ix%i', (width, height, wantWidth, wantHeight) => expect(fitWithin(width, height, 1200, 900)).toEqual({ width: wantWidth, height: wantHeight }));
});
