import { describe, expect, it } from 'vitest';
import { AppError } from '@chartside/shared';
import { z } from 'zod';
import { assertHeadFits, headOf, type RecordLayout } from './versioned-record-store';

const Note = z.strictObject({ id: z.string(), version: z.number(), title: z.string(), lines: z.array(z.string()), body: z.string() });
type Note = z.infer<typeof Note>;

const layout: RecordLayout<Note, 'lines' | 'body'> = {
  noun: 'note',
  headPrefix: 'NOTE#',
  bodyFields: ['lines', 'body'],
  schema: Note,
  missingAttributes: () => ({ version: 0, title: '', lines: [], body: '' }),
  listOnlyAttributes: { lineCount: (note) => note.lines.length },
  headTooLarge: (note) => new AppError('payload_too_large', `The title of ${note.id} is too long.`),
};

const note: Note = { id: 'n1', version: 3, title: 'Rounds', lines: ['BP 120/80', 'HR 72'], body: 'Stable.' };

describe('headOf', () => {
  it('keeps every field but the body ones, and adds the list-only attributes and the body pointer', () => {
    expect(headOf(layout, note, { partCount: 2, bodyVersion: 3 })).toEqual({ id: 'n1', version: 3, title: 'Rounds', lineCount: 2, partCount: 2, bodyVersion: 3 });
  });
});

describe('assertHeadFits', () => {
  it('counts only the head: a huge body fits, a huge head field is refused with the layout message', () => {
    expect(() => assertHeadFits(layout, { ...note, body: 'x'.repeat(900_000) })).not.toThrow();
    expect(() => assertHeadFits(layout, { ...note, title: 'x'.repeat(360_000) })).toThrow('The title of n1 is too long.');
  });
});
