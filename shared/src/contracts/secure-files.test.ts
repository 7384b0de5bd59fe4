import { describe, expect, it } from 'vitest';
import { MAX_SECURE_FILE_BYTES, SecureEncryptBody, decryptedFileName, encryptedFileName } from './secure-files';

const base64Of = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('SecureEncryptBody', () => {
  it.each([
    [1, true],
    [2, true],
    [MAX_SECURE_FILE_BYTES, true],
    [MAX_SECURE_FILE_BYTES + 1, false],
  ])('a file of %i bytes is accepted: %j', (bytes, accepted) => {
    expect(SecureEncryptBody.safeParse({ fileName: 'a.pdf', data: base64Of(bytes) }).success).toBe(accepted);
  });

  it.each([
    [{ fileName: 'a.pdf', data: '' }, 'The file is empty.'],
    [{ fileName: 'a.pdf', data: 'not base64!' }, 'The file must be sent as base64.'],
    [{ fileName: '  ', data: 'AAAA' }, 'A file name is required.'],
    [{ fileName: 'a.pdf', data: base64Of(MAX_SECURE_FILE_BYTES + 1) }, 'The file can be at most 3 MB.'],
  ])('refuses %j with a message saying why', (body, message) => {
    const result = SecureEncryptBody.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('file names', () => {
  it.each([
    ['notes.pdf', 'notes.pdf.chartside'],
    ['x', 'x.chartside'],
  ])('%j encrypts to %j and back', (name, encrypted) => {
    expect(encryptedFileName(name)).toBe(encrypted);
    expect(decryptedFileName(encrypted)).toBe(name);
  });

  it.each(['notes.pdf', '.chartside'])('%j without the suffix stays as it is', (name) => {
    expect(decryptedFileName(name)).toBe(name);
  });
});
