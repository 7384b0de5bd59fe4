import { describe, expect, it } from 'vitest';
import { editablePlainText, sectionLines, sectionPlainText } from './section-text';

const blocks = (...lines: string[]) => JSON.stringify(lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] })));

describe('editablePlainText', () => {
  it.each([
    ['a quoted word', '"stable"'],
    ['a JSON array of numbers', '[1]'],
    ['an empty JSON array', '[]'],
    ['a leading space', ' stable'],
    ['a trailing space', 'stable '],
    ['an array of strings', '["a","b"]'],
    ['an array mixing a block and a number', '[{"type":"paragraph"},1]'],
    ['objects without a type', '[{"text":"a"}]'],
    ['a JSON object', '{"type":"paragraph"}'],
    ['a number', '42'],
    ['broken JSON', '[{"type":'],
    ['empty text', ''],
    ['only spaces', '   '],
    ['several lines', 'Improving\n\n- Trend Cr'],
  ])('shows %s exactly as stored', (_name, typed) => expect(editablePlainText(typed)).toBe(typed));

  it('reads BlockNote block JSON as its text, one line per block', () => {
    expect(editablePlainText(blocks('Acute on chronic HFrEF', 'Diuresing well.'))).toBe('Acute on chronic HFrEF\nDiuresing well.');
    expect(editablePlainText(` ${blocks('Sepsis')}`)).toBe('Sepsis');
  });
});

describe('sectionPlainText', () => {
  it('reads block JSON, keeps text that is not JSON, and reads a JSON string (for search and copying)', () => {
    expect(sectionPlainText(blocks('Na 134', '', 'K 3.1'))).toBe('Na 134\nK 3.1');
    expect(sectionPlainText('Na 134 this morning')).toBe('Na 134 this morning');
    expect(sectionPlainText('"stable"')).toBe('stable');
  });
});

describe('sectionLines', () => {
  it('keeps empty blocks as empty lines, as the editor shows them, and reads other text as sectionPlainText does', () => {
    expect(sectionLines(blocks('Na 134', '', 'K 3.1'))).toEqual(['Na 134', '', 'K 3.1']);
    expect(sectionLines('')).toEqual(['']);
    expect(sectionLines('Na 134\nK 3.1')).toEqual(['Na 134', 'K 3.1']);
    expect(sectionLines('"stable"')).toEqual(['stable']);
  });
});
