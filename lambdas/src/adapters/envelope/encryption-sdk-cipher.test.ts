import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { KMSClient } from '@aws-sdk/client-kms';
import { AppError } from '@chartside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKmsDouble, type KmsDouble } from '../../test/kms-double';
import type { EnvelopeCipher } from '../../ports/envelope-cipher';
import { encryptionSdkCipher, kmsKeyring, rawAesKeyring } from './encryption-sdk-cipher';

let kms: KmsDouble;
beforeAll(async () => {
  kms = await startKmsDouble();
});
afterAll(() => kms.close());

const kmsCipher = () =>
  encryptionSdkCipher(kmsKeyring(kms.keyArn, new KMSClient({ endpoint: kms.url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 })));
const rawCipher = () => encryptionSdkCipher(rawAesKeyring(randomBytes(32)));

const context = { userId: 'user-a', itemId: 'item-1' };
const refused = { code: 'bad_request', message: expect.stringMatching(/could not be decrypted/) as unknown };

describe.each([
  ['KMS keyring (against a KMS double)', kmsCipher],
  ['raw AES keyring', rawCipher],
])('%s', (_name, makeCipher: () => EnvelopeCipher) => {
  it('round-trips 1 MB and reports the context it carries', async () => {
    const cipher = makeCipher();
    const plaintext = randomBytes(1_000_000);
    const ciphertext = await cipher.encrypt(plaintext, context);
    expect(Buffer.from(ciphertext).includes(plaintext.subarray(0, 64))).toBe(false);
    expect(ciphertext.length - plaintext.length).toBeLessThan(2_000);
    const opened = await cipher.decrypt(ciphertext, { userId: 'user-a', itemId: 'item-1' });
    expect(Buffer.from(opened.plaintext).equals(plaintext)).toBe(true);
    expect(opened.context).toEqual(context);
  });

  it('encrypts and decrypts a stream as it comes (a stored file), to the same bytes', async () => {
    const cipher = makeCipher();
    const plaintext = randomBytes(300_000);
    const chunks = (bytes: Uint8Array) => Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]);
    const ciphertext = await cipher.encrypt(chunks(plaintext), context);
    const opened = await cipher.decrypt(chunks(ciphertext), { userId: 'user-a', itemId: 'item-1' });
    expect(Buffer.from(opened.plaintext).equals(plaintext)).toBe(true);
  });

  it('refuses another user or another item with a 400, never the plaintext', async () => {
    const cipher = makeCipher();
    const ciphertext = await cipher.encrypt(Buffer.from('secret words'), context);
    await expect(cipher.decrypt(ciphertext, { userId: 'user-b' })).rejects.toMatchObject(refused);
    await expect(cipher.decrypt(ciphertext, { userId: 'user-a', itemId: 'item-2' })).rejects.toMatchObject(refused);
  });

  it('refuses a changed byte, a truncated message and bytes that are no message', async () => {
    const cipher = makeCipher();
    const ciphertext = Buffer.from(await cipher.encrypt(Buffer.from('secret words'.repeat(100)), context));
    const tampered = Buffer.from(ciphertext);
    tampered[tampered.length - 40] = (tampered[tampered.length - 40] ?? 0) ^ 1;
    for (const bad of [tampered, ciphertext.subarray(0, ciphertext.length - 10), Buffer.from('not encrypted at all')]) {
      const error: unknown = await cipher.decrypt(bad, { userId: 'user-a' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(refused);
    }
  });

  it('cannot open what another key encrypted', async () => {
    const ciphertext = await rawCipher().encrypt(Buffer.from('secret'), context);
    await expect(makeCipher().decrypt(ciphertext, { userId: 'user-a' })).rejects.toMatchObject(refused);
  });
});

describe('the KMS keyring', () => {
  it('asks KMS for a data key with the encryption context, and KMS refuses the key under another context', async () => {
    const cipher = kmsCipher();
    const before = kms.calls.length;
    const ciphertext = await cipher.encrypt(Buffer.from('secret'), context);
    await cipher.decrypt(ciphertext, { userId: 'user-a' });
    expect(kms.calls.slice(before)).toEqual([
      { action: 'GenerateDataKey', keyId: kms.keyArn, encryptionContext: context },
      { action: 'Decrypt', keyId: kms.keyArn, encryptionContext: context },
    ]);
  });
});
