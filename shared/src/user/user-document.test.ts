import { describe, expect, it } from 'vitest';
import { MAX_SHORT_TEXT } from '../limits';
import { UserDocument, UserDocumentPatch, UserFields, defaultUserFields } from './user-document';

describe('UserDocumentPatch', () => {
  it('accepts a version with any subset of fields', () => {
    expect(UserDocumentPatch.parse({ version: 3, cprs: true })).toEqual({ version: 3, cprs: true });
    expect(UserDocumentPatch.parse({ version: 0 })).toEqual({ version: 0 });
  });

  it.each([
    ['no version', { cprs: true }],
    ['a negative version', { version: -1 }],
    ['a wrong type', { version: 1, cprs: 'yes' }],
    ['an unknown field', { version: 1, isAdmin: true }],
    ['a server-owned field', { version: 1, userId: 'someone-else' }],
    ['a tag that is too long', { version: 1, resourceTags: ['x'.repeat(MAX_SHORT_TEXT + 1)] }],
    ['an unknown sort', { version: 1, panelSortSelection: 'age' }],
    ['an unknown resource type in a home list', { version: 1, homeLists: [{ name: 'A', items: [{ name: 'n', id: '1', type: 'pdf', link: '' }] }] }],
    ['a 1 MB template', { version: 1, templates: { big: 'x'.repeat(1_000_000) } }],
    ['a template with no name', { version: 1, templates: { '': 'Take a history' } }],
    ['a patient tag twice', { version: 1, patientTags: ['cardiology', 'icu', 'cardiology'] }],
    ['two note templates with one name', { version: 1, noteTemplate: [{ label: 'ICU', value: ['labs'] }, { label: 'ICU', value: ['vitals'] }] }],
    ['two prompts with one id', { version: 1, prompts: [{ id: 'p1', name: 'A', deltaText: '' }, { id: 'p1', name: 'B', deltaText: '' }] }],
    ['a prompt with no id', { version: 1, prompts: [{ id: '', name: 'A', deltaText: '' }] }],
  ])('refuses %s', (_what, body) => {
    expect(UserDocumentPatch.safeParse(body).success).toBe(false);
  });
});

describe('UserDocument (reading what is stored)', () => {
  it('reads a document stored with repeated patient tags and note template names (the UI shows each once)', () => {
    const stored = {
      ...defaultUserFields(),
      patientTags: ['icu', 'icu'],
      noteTemplate: [
        { label: 'ICU', value: ['labs'] },
        { label: 'ICU', value: ['vitals'] },
      ],
      userId: 'u-1',
      email: 'a@example.com',
      version: 4,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    expect(UserDocument.parse(stored)).toEqual(stored);
  });

  it('accepts a change with distinct tags and template names', () =>
    expect(UserDocumentPatch.safeParse({ version: 1, patientTags: ['icu', 'ICU step-down'], noteTemplate: [{ label: 'ICU', value: ['labs'] }] }).success).toBe(true));
});

describe('defaultUserFields', () => {
  it('is a valid, complete set of fields', () => {
    expect(UserFields.parse(defaultUserFields())).toEqual(defaultUserFields());
  });
});
