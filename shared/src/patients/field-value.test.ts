import { describe, expect, it } from 'vitest';
import { EMPTY_FIELD_VALUE, isUnreadableField, readStoredFieldValue, sectionValue } from './field-value';
import type { FieldValue } from './patient';

const exam: FieldValue = { deltaString: '[{"type":"paragraph","content":"Lungs clear"}]', expanded: false };

describe('sectionValue', () => {
  it('is the stored value when there is one', () => expect(sectionValue({ exam }, 'exam')).toBe(exam));

  it('is the one empty, readable value when nothing is stored (a new patient)', () => {
    expect(sectionValue({ exam }, 'vitals')).toBe(EMPTY_FIELD_VALUE);
    expect(sectionValue({}, 'hpi')).toEqual({ deltaString: '' });
    expect(isUnreadableField(sectionValue({}, 'hpi'))).toBe(false);
  });
});

describe('readStoredFieldValue', () => {
  it.each([
    ['a value with text', JSON.stringify(exam), exam],
    ['a value with special data', JSON.stringify({ deltaString: '', data: { problems: [] } }), { deltaString: '', data: { problems: [] } }],
    ['text that is not BlockNote JSON (the editor shows it as it is)', JSON.stringify({ deltaString: 'Lungs clear' }), { deltaString: 'Lungs clear' }],
  ])('reads %s as it is', (_case, text, want) => {
    const value = readStoredFieldValue(text);
    expect(value).toEqual(want);
    expect(isUnreadableField(value)).toBe(false);
  });

  it.each([
    ['text that is not JSON', '{"deltaString": "Lungs cl'],
    ['an old editor delta object', '{"deltaString":{"ops":[{"insert":"Lungs clear\\n"}]}}'],
    ['a bare string', '"Lungs clear"'],
    ['null', 'null'],
    ['a value with a key no section has', '{"deltaString":"","colour":"red"}'],
  ])('keeps %s as unreadable, with an empty text', (_case, text) => {
    const value = readStoredFieldValue(text);
    expect(value).toEqual({ deltaString: '', unreadable: text });
    expect(isUnreadableField(value)).toBe(true);
  });
});
