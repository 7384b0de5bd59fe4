// /tools/fileencrypt (spec: 'secure encrypt key', 'secure decrypt key'): the server encrypts a file's bytes for the
// signed-in user with the envelope cipher, and decrypts such a file back for the same user only. Bytes travel as
// base64 in JSON, so a request stays under the API's body limit (MAX_REQUEST_BYTES) and Lambda's 6 MB payload.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

/** Largest file the tool takes: its base64 (4/3 of it) plus the message's overhead fits one request and one response. */
export const MAX_SECURE_FILE_BYTES = 3 * 1024 * 1024;
/** What an encrypted file's name ends with; decrypting takes it off again. */
export const ENCRYPTED_FILE_SUFFIX = '.chartside';

/** The decoded size of base64 text (without decoding it). */
const decodedBytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

const fileBody = (what: string, maxBytes: number) =>
  z.strictObject({
    fileName: z.string().trim().min(1, 'A file name is required.').max(MAX_SHORT_TEXT),
    data: z
      .base64('The file must be sent as base64.')
      .refine((data) => decodedBytes(data) > 0, `The ${what} is empty.`)
      .refine((data) => decodedBytes(data) <= maxBytes, `The ${what} can be at most ${maxBytes / 1024 / 1024} MB.`),
  });

/** Room for the encrypted message's header and per-frame IVs and tags around the largest file (a few KB in practice). */
const MAX_ENCRYPTED_OVERHEAD = 64 * 1024;

export const SecureEncryptBody = fileBody('file', MAX_SECURE_FILE_BYTES);
export type SecureEncryptBody = z.infer<typeof SecureEncryptBody>;
export const SecureDecryptBody = fileBody('encrypted file', MAX_SECURE_FILE_BYTES + MAX_ENCRYPTED_OVERHEAD);
export type SecureDecryptBody = z.infer<typeof SecureDecryptBody>;

export const SecureFile = z.object({ fileName: z.string(), data: z.base64() });
export type SecureFile = z.infer<typeof SecureFile>;

/** 'notes.pdf' -> 'notes.pdf.chartside' */
export const encryptedFileName = (fileName: string) => `${fileName}${ENCRYPTED_FILE_SUFFIX}`;
/** 'notes.pdf.chartside' -> 'notes.pdf'; a name without the suffix is kept. */
export const decryptedFileName = (fileName: string) =>
  fileName.endsWith(ENCRYPTED_FILE_SUFFIX) && fileName.length > ENCRYPTED_FILE_SUFFIX.length ? fileName.slice(0, -ENCRYPTED_FILE_SUFFIX.length) : fileName;

export const secureFilesContract = {
  encrypt: { method: 'post', path: '/secure/encrypt', summary: 'Encrypt a file for the signed-in user (envelope encryption)', body: SecureEncryptBody, response: SecureFile },
  decrypt: { method: 'post', path: '/secure/decrypt', summary: 'Decrypt a file encrypted for the signed-in user', body: SecureDecryptBody, response: SecureFile },
} as const;
