import { describe, expect, it } from 'vitest';
import { MAX_PIECE_CHARS, resourceSpeechText, speechPieces } from './speech-text';

const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]);
const section = (title: string, text: string) => ({ id: title, title, deltaString: paragraph(text), editing: false, createdAt: '', updatedAt: '' });

describe('resourceSpeechText', () => {
  it('reads the name, the description, then each section title and its text, skipping blanks', () => {
    const text = resourceSpeechText({
      name: 'Hyponatremia',
      description: '',
      textSections: [section('Workup', 'Check serum osmolality.'), section('Empty', '')],
    });
    expect(text).toBe('Hyponatremia\n\nWorkup\n\nCheck serum osmolality.\n\nEmpty');
  });
});

describe('speechPieces', () => {
  it.each([
    ['', []],
    ['   \n  ', []],
    ['One. Two! Three?', ['One. Two! Three?']],
    ['Title\n\nBody line.', ['Title Body line.']],
  ])('speechPieces(%j) is %j', (text, want) => expect(speechPieces(text)).toEqual(want));

  it('starts a new piece when the next sentence would not fit', () => {
    const sentence = `${'word '.repeat(20).trim()}.`;
    const pieces = speechPieces(`${sentence} ${sentence} ${sentence}`);
    expect(pieces).toEqual([`${sentence} ${sentence}`, sentence]);
  });

  it('cuts a sentence longer than a piece at spaces, keeping every word in order', () => {
    const words = Array.from({ length: 120 }, (_, i) => `w${i}`);
    const pieces = speechPieces(words.join(' '));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= MAX_PIECE_CHARS)).toBe(true);
    expect(pieces.join(' ')).toBe(words.join(' '));
  });

  it('cuts a piece with no spaces at the limit', () => {
    expect(speechPieces('x'.repeat(MAX_PIECE_CHARS + 10))).toEqual(['x'.repeat(MAX_PIECE_CHARS), 'x'.repeat(10)]);
  });
});
