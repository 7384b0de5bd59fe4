import { describe, expect, it } from 'vitest';
import { AppError } from '@chartside/shared';
import * as z from 'zod';
import { assertHeadFits, bodyFromParts, bodyPartsOf, bytesOutside, headOf, partNamesOf, type RecordLayout } from './versioned-record-store';

const Note = z.strictObject({
  id: z.string(),
  version: z.number(),
  title: z.string(),
  lines: z.array(z.string()),
  body: z.string(),
  sections: z.record(z.string(), z.object({ text: z.string() })),
});
type Note = z.infer<typeof Note>;

const layout: RecordLayout<Note, 'lines' | 'body' | 'sections'> = {
  noun: 'note',
  headPrefix: 'NOTE#',
  bodyFields: ['lines', 'body', 'sections'],
  keyedBodyFields: ['sections'],
  schema: Note,
  missingAttributes: () => ({ version: 0, title: '', lines: [], body: '', sections: {} }),
  listOnlyAttributes: { lineCount: (note) => note.lines.length },
  headTooLarge: (note) => new AppError('payload_too_large', `The title of ${note.id} is too long.`),
};

const note: Note = {
  id: 'n1',
  version: 3,
  title: 'Rounds',
  lines: ['BP 120/80', 'HR 72'],
  body: 'Stable.',
  sections: { vitals: { text: 'Afebrile' }, exam: { text: 'Lungs clear. é 💊' }, 'a.b': { text: 'a key with a dot' } },
};

describe('headOf', () => {
  it('keeps every field but the body ones, and adds the list-only attributes and the parts list', () => {
    const body = { bodyParts: [{ name: 'body', count: 1, version: 3 }], partCount: 1 };
    expect(headOf(layout, note, body)).toEqual({ id: 'n1', version: 3, title: 'Rounds', lineCount: 2, bodyParts: body.bodyParts, partCount: 1 });
  });
});

describe('bodyPartsOf and bodyFromParts', () => {
  it('stores the plain body fields together as one part and a keyed field as a part per key, in the record order', () => {
    const parts = bodyPartsOf(layout, note);
    expect([...parts.keys()]).toEqual(['body', 'sections.vitals', 'sections.exam', 'sections.a.b']);
    expect(parts.get('body')).toBe(JSON.stringify({ lines: note.lines, body: note.body }));
    expect(parts.get('sections.exam')).toBe(JSON.stringify({ text: 'Lungs clear. é 💊' }));
  });

  it('reads the parts back into the same fields, keys in the stored order, and an empty keyed field as {}', () => {
    const { lines, body, sections } = note;
    const back = bodyFromParts(layout, bodyPartsOf(layout, note));
    expect(back).toEqual({ lines, body, sections });
    expect(Object.keys(back.sections ?? {})).toEqual(['vitals', 'exam', 'a.b']);
    expect(bodyFromParts(layout, bodyPartsOf(layout, { ...note, sections: {} }))).toEqual({ lines, body, sections: {} });
  });
});

describe('partNamesOf and bytesOutside', () => {
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  /** The manifest of `note` with each part's size, as a write records it. */
  const manifest = {
    bodyParts: [...bodyPartsOf(layout, note)].map(([name, text]) => ({ name, count: 1, version: 3, bytes: Buffer.byteLength(text) })),
    partCount: 4,
  };
  /** `note` with only the parts in scope in its body, as a read of those parts gives it. */
  const holding = (scope: ReadonlySet<string>) => ({
    ...note,
    ...(scope.has('body') ? {} : { lines: [], body: '' }),
    sections: Object.fromEntries(Object.entries(note.sections).filter(([key]) => scope.has(`sections.${key}`))),
  });

  it('names the plain part for any plain field set, and a part per key set', () => {
    expect(partNamesOf(layout, { sections: { exam: { text: '' } } })).toEqual(new Set(['sections.exam']));
    expect(partNamesOf(layout, { body: 'x', sections: { 'a.b': { text: '' }, vitals: { text: '' } } })).toEqual(new Set(['body', 'sections.a.b', 'sections.vitals']));
    expect(partNamesOf(layout, {})).toEqual(new Set());
  });

  it.each([
    ['one section', ['sections.exam']],
    ['the plain part and a section', ['body', 'sections.vitals']],
    ['every section', ['sections.vitals', 'sections.exam', 'sections.a.b']],
  ])('with %s at hand, adds what the others take to the whole record as JSON', (_case, names) => {
    const scope = new Set(names);
    const partial = holding(scope);
    expect(bytes(partial) + (bytesOutside(layout, manifest, scope, partial) ?? NaN)).toBe(bytes(note));
  });

  it('counts one byte over, no more, when none of a map is at hand (there is one comma fewer than parts)', () => {
    const scope = new Set<string>();
    expect(bytes(holding(scope)) + (bytesOutside(layout, manifest, scope, holding(scope)) ?? NaN)).toBe(bytes(note) + 1);
  });

  it('is undefined when the head does not record a size it needs', () => {
    const old = { ...manifest, bodyParts: manifest.bodyParts.map(({ bytes: _bytes, ...part }) => part) };
    expect(bytesOutside(layout, old, new Set(['sections.exam']), holding(new Set(['sections.exam'])))).toBeUndefined();
    expect(bytesOutside(layout, old, new Set(old.bodyParts.map((part) => part.name)), note)).toBe(0);
  });
});

describe('assertHeadFits', () => {
  it('counts only the head: a huge body fits, a huge head field is refused with the layout message', () => {
    expect(() => assertHeadFits(layout, { ...note, body: 'x'.repeat(900_000) })).not.toThrow();
    expect(() => assertHeadFits(layout, { ...note, title: 'x'.repeat(360_000) })).toThrow('The title of n1 is too long.');
  });
});
