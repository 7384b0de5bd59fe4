// Sealing files in parts, against s3rver through the S3 FileStore and the Encryption SDK cipher with a raw AES key.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { defaultResourceFields, SEALED_PART_BYTES, type Resource } from '@chartside/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { encryptionSdkCipher, rawAesKeyring } from '../adapters/envelope/encryption-sdk-cipher';
import { readOwnFileBytes, readOwnFilePart, syncSealedFiles, type SealedFileDeps } from './sealed-files';

const BUCKET = 'sealed-files-test';
const userId = 'user-a';
let directory: string;
let server: S3rver;
let s3: S3Client;
let deps: SealedFileDeps;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'sealed-files-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  deps = { fileStore: s3FileStore(s3, BUCKET), cipher: encryptionSdkCipher(rawAesKeyring(randomBytes(32))) };
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const storedBytes = async (key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());
const metadataOf = async (key: string) => (await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).Metadata;
/** Writes an object as it is, with the given metadata (the way a changed object would look). */
const storeRaw = (key: string, bytes: Uint8Array, metadata: Record<string, string>) =>
  s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: bytes, ContentType: 'application/pdf', Metadata: metadata }));

const resourceHolding = (filePaths: string[], encrypted: boolean): Resource => ({
  ...defaultResourceFields(),
  name: 'Sealed',
  type: 'files',
  encrypted,
  files: filePaths.map((filePath) => ({ name: 'scan.pdf', fileId: path.basename(filePath), filePath, extension: 'pdf', mimeType: 'application/pdf', isTemp: false })),
  id: 'r-1',
  clicks: 0,
  version: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

/** A clear file of `size` random bytes, uploaded, then sealed as an encrypted resource's save does. */
const sealedFile = async (size: number) => {
  const filePath = `userContent/${userId}/${crypto.randomUUID()}`;
  const bytes = randomBytes(size);
  await deps.fileStore.put(filePath, bytes, { contentType: 'application/pdf' });
  await syncSealedFiles(deps, userId, undefined, resourceHolding([filePath], true));
  return { filePath, bytes };
};

const partBytes = async (filePath: string, part: number, user = userId) => {
  const read = await readOwnFilePart(deps, user, filePath, part);
  return { ...read, body: Buffer.from(read.body as Uint8Array) };
};

const refused = { code: 'bad_request', message: expect.stringMatching(/could not be decrypted/) as unknown };

describe('a file sealed in parts', () => {
  it('is stored as one message per part of at most SEALED_PART_BYTES, each read on its own, and all of it read whole', async () => {
    const { filePath, bytes } = await sealedFile(2 * SEALED_PART_BYTES + 1000);
    const stored = await deps.fileStore.stat(filePath);
    expect(stored).toMatchObject({ sealed: true, contentType: 'application/pdf' });
    expect(stored?.parts).toHaveLength(3);
    expect((await storedBytes(filePath)).includes(bytes.subarray(0, 64))).toBe(false);
    for (const part of [0, 1, 2]) {
      const read = await partBytes(filePath, part);
      expect(read.parts).toBe(3);
      expect(read.contentType).toBe('application/pdf');
      expect(read.body.equals(bytes.subarray(part * SEALED_PART_BYTES, (part + 1) * SEALED_PART_BYTES))).toBe(true);
    }
    expect(Buffer.from((await readOwnFileBytes(deps, userId, filePath, 3 * SEALED_PART_BYTES)) as Uint8Array).equals(bytes)).toBe(true);
  });

  it('answers a part past the last with a 400 that says how many there are, and 404 to another user', async () => {
    const { filePath } = await sealedFile(SEALED_PART_BYTES + 1);
    await expect(readOwnFilePart(deps, userId, filePath, 2)).rejects.toMatchObject({ code: 'bad_request', message: 'That file has 2 parts, numbered from 0: there is no part 2.' });
    await expect(readOwnFilePart(deps, 'user-b', filePath, 0)).rejects.toMatchObject({ code: 'not_found' });
    expect(await readOwnFileBytes(deps, 'user-b', filePath, SEALED_PART_BYTES * 2)).toBeUndefined();
  });

  it.each([
    ['empty', 0, 1],
    ['exactly one part long', SEALED_PART_BYTES, 1],
    ['one byte past a part', SEALED_PART_BYTES + 1, 2],
  ])('is sealed in the right number of parts when %s', async (_case, size, parts) => {
    const { filePath, bytes } = await sealedFile(size);
    expect((await deps.fileStore.stat(filePath))?.parts).toHaveLength(parts);
    expect(Buffer.from((await readOwnFileBytes(deps, userId, filePath, SEALED_PART_BYTES * 2)) as Uint8Array).equals(bytes)).toBe(true);
  });

  it('is stored in clear again, byte for byte, when encryption is turned off', async () => {
    const { filePath, bytes } = await sealedFile(2 * SEALED_PART_BYTES + 7);
    await syncSealedFiles(deps, userId, resourceHolding([filePath], true), resourceHolding([filePath], false));
    expect((await storedBytes(filePath)).equals(bytes)).toBe(true);
    expect(await metadataOf(filePath)).toEqual({});
    expect(await deps.fileStore.stat(filePath)).toMatchObject({ sealed: false, parts: [bytes.length] });
  });

  it('still reads a file sealed whole as one message, before parts', async () => {
    const filePath = `userContent/${userId}/${crypto.randomUUID()}`;
    const bytes = randomBytes(5000);
    await storeRaw(filePath, await deps.cipher.encrypt(bytes, { userId, itemId: filePath }), { 'chartside-sealed': 'true' });
    const read = await partBytes(filePath, 0);
    expect(read.parts).toBe(1);
    expect(read.body.equals(bytes)).toBe(true);
  });
});

describe('a changed file sealed in parts', () => {
  /** The stored parts of a sealed file, split by its metadata. */
  const storedParts = async (filePath: string) => {
    const stored = await storedBytes(filePath);
    const lengths = (await deps.fileStore.stat(filePath))!.parts;
    return lengths.map((length, index) => {
      const offset = lengths.slice(0, index).reduce((sum, each) => sum + each, 0);
      return stored.subarray(offset, offset + length);
    });
  };
  const storeParts = (filePath: string, parts: Buffer[]) =>
    storeRaw(filePath, Buffer.concat(parts), { 'chartside-sealed': 'true', 'chartside-parts': parts.map((part) => part.length).join(',') });

  it('refuses a part with a flipped byte as unreadable (a 400), while the others still read', async () => {
    const { filePath, bytes } = await sealedFile(2 * SEALED_PART_BYTES + 1000);
    const stored = await storedBytes(filePath);
    const [first] = (await deps.fileStore.stat(filePath))!.parts;
    stored[first! + 1000] = stored[first! + 1000]! ^ 1;
    await storeRaw(filePath, stored, (await metadataOf(filePath))!);
    await expect(readOwnFilePart(deps, userId, filePath, 1)).rejects.toMatchObject(refused);
    expect((await partBytes(filePath, 2)).body.equals(bytes.subarray(2 * SEALED_PART_BYTES))).toBe(true);
    expect(await readOwnFileBytes(deps, userId, filePath, 3 * SEALED_PART_BYTES)).toBe('unreadable');
  });

  it('refuses parts swapped, a part dropped, and a part from another file', async () => {
    const { filePath } = await sealedFile(2 * SEALED_PART_BYTES + 1000);
    const [first, second, third] = await storedParts(filePath);
    const other = await sealedFile(2 * SEALED_PART_BYTES + 1000);
    const [otherFirst] = await storedParts(other.filePath);

    await storeParts(filePath, [second!, first!, third!]);
    await expect(readOwnFilePart(deps, userId, filePath, 0)).rejects.toMatchObject(refused);
    await storeParts(filePath, [first!, second!]);
    await expect(readOwnFilePart(deps, userId, filePath, 0)).rejects.toMatchObject(refused);
    await storeParts(filePath, [otherFirst!, second!, third!]);
    await expect(readOwnFilePart(deps, userId, filePath, 0)).rejects.toMatchObject(refused);
  });

  it('reads a parts list that does not add up to the object as one part, which does not decrypt', async () => {
    const { filePath } = await sealedFile(SEALED_PART_BYTES + 1);
    await storeRaw(filePath, await storedBytes(filePath), { 'chartside-sealed': 'true', 'chartside-parts': '10,20' });
    await expect(readOwnFilePart(deps, userId, filePath, 0)).rejects.toMatchObject(refused);
  });
});
