// /api/secure/encrypt and /api/secure/decrypt (the fileencrypt tool) on the shared runtime: a file comes back byte for
// byte for its user; another user, a changed byte, and bad bodies get a clear 4xx; no token, 401.
import { randomBytes } from 'node:crypto';
import { MAX_SECURE_FILE_BYTES } from '@chartside/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let asOwner: Api;
let asOther: Api;

beforeAll(async () => {
  const [owner, other] = await Promise.all([createUser(runtime), createUser(runtime)]);
  asOwner = api(runtime, await signedIn(runtime, owner));
  asOther = api(runtime, await signedIn(runtime, other));
});

const encryptAs = async (as: Api, bytes: Buffer, fileName = 'letter.pdf') => {
  const { status, json, text } = await as('POST', '/secure/encrypt', { fileName, data: bytes.toString('base64') });
  if (status !== 200) throw new Error(`encrypt answered ${status}: ${text}`);
  return json as { fileName: string; data: string };
};

describe('the file encryption calls', () => {
  it('encrypt a file for its user and decrypt it back, byte for byte, under its own name', async () => {
    const bytes = randomBytes(MAX_SECURE_FILE_BYTES);
    const encrypted = await encryptAs(asOwner, bytes);
    expect(encrypted.fileName).toBe('letter.pdf.chartside');
    expect(Buffer.from(encrypted.data, 'base64').includes(bytes.subarray(0, 32))).toBe(false);
    const { status, json } = await asOwner('POST', '/secure/decrypt', encrypted);
    expect(status).toBe(200);
    expect(json.fileName).toBe('letter.pdf');
    expect(Buffer.from(String(json.data), 'base64').equals(bytes)).toBe(true);
  });

  it('never decrypt one user’s file for another', async () => {
    const encrypted = await encryptAs(asOwner, Buffer.from('a private letter'));
    const { status, json } = await asOther('POST', '/secure/decrypt', encrypted);
    expect(status).toBe(400);
    expect(json.error).toEqual({ code: 'bad_request', message: expect.stringMatching(/could not be decrypted: it was not encrypted by Chartside for you/) });
  });

  it('answer 400 for a changed byte or a file that was never encrypted', async () => {
    const encrypted = await encryptAs(asOwner, Buffer.from('a private letter'.repeat(50)));
    const tampered = Buffer.from(encrypted.data, 'base64');
    tampered[tampered.length - 30] = (tampered[tampered.length - 30] ?? 0) ^ 0x40;
    for (const data of [tampered.toString('base64'), Buffer.from('%PDF-1.7 plain').toString('base64')]) {
      const { status, json } = await asOwner('POST', '/secure/decrypt', { fileName: 'x.chartside', data });
      expect(status).toBe(400);
      expect(json.error?.message).toMatch(/could not be decrypted/);
    }
  });

  it('refuse bodies that are not files with a 400 naming the field, a body past the limit with 413, and no token with 401', async () => {
    for (const [body, message] of [
      [{ fileName: 'a.pdf', data: '' }, 'The file is empty.'],
      [{ fileName: 'a.pdf', data: 'not base64!' }, 'The file must be sent as base64.'],
      [{ fileName: 'a.pdf', data: randomBytes(MAX_SECURE_FILE_BYTES + 3).toString('base64') }, 'The file can be at most 3 MB.'],
      [{ data: 'AAAA' }, undefined],
    ] as const) {
      const { status, json } = await asOwner('POST', '/secure/encrypt', body);
      expect(status).toBe(400);
      expect(json.error?.code).toBe('validation_failed');
      if (message) expect(JSON.stringify(json.error)).toContain(message);
    }
    expect((await asOwner('POST', '/secure/decrypt', { fileName: 'big', data: 'A'.repeat(6_000_000) })).status).toBe(413);
    expect((await api(runtime)('POST', '/secure/encrypt', { fileName: 'a', data: 'AAAA' })).status).toBe(401);
  });
});
