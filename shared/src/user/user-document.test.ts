import { describe, expect, it } from 'vitest';
import { MAX_SHORT_TEXT } from '../limits';
import { UserDocumentPatch, UserFields, defaultUserFields } from './user-document';

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
  ])('refuses %s', (_what, body) => {
    expect(UserDocumentPatch.safeParse(body).success).toBe(false);
  });
});

describe('defaultUserFields', () => {
  it('is a valid, complete set of fields', () => {
    expect(UserFields.parse(defaultUserFields())).toEqual(defaultUserFields());
  });
});
