// How a note section's stored value is read (spec section 8, 'Field with no value'). A section with nothing stored is
// an empty section, ready to type in: a new patient has no stored sections at all. Only a stored value that cannot be
// read as a section is an error, and its stored text is kept.
import { FieldValue, type PatientFields, type PatientSection } from './patient';

/** The value of a section with nothing stored: no text, expanded. One object, so a memoized section is not rendered again. */
export const EMPTY_FIELD_VALUE: FieldValue = Object.freeze({ deltaString: '' });

/** The section's value as the screen edits it: what is stored, or the empty value. */
export const sectionValue = (fields: PatientFields['fields'], section: PatientSection): FieldValue => fields[section] ?? EMPTY_FIELD_VALUE;

/** Could the stored value not be read (the screen shows 'Field Value Error for {field}')? */
export const isUnreadableField = (value: FieldValue): boolean => value.unreadable !== undefined;

/**
 * A section's stored JSON text as its value. Text that is not JSON, or JSON that is not a section value (say, an old
 * editor's delta object), reads as an empty value that keeps the stored text in `unreadable`, so one damaged section
 * does not stop the rest of the patient from opening.
 */
export const readStoredFieldValue = (text: string): FieldValue => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { deltaString: '', unreadable: text };
  }
  const value = FieldValue.safeParse(parsed);
  return value.success ? value.data : { deltaString: '', unreadable: text };
};
