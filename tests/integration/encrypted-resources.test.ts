// Encrypted resources on the shared runtime: what is sealed never reaches the runtime's files (DynamoDB Local's
// database, the object store, the search index), the owner reads it back, another user never can, search finds the
// resource by name and tags only, turning encryption off and on rewrites the data, and a changed ciphertext is a 400.
// Its files are sealed in the object store too (a large one in parts, read part by part): read back decrypted by the owner
// only, and opened again with encryption off.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { filePartsHeader, SEALED_PART_BYTES, sessionIdHeader, type Resource, type Upload } from '@chartside/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let asOwner: Api;
let asOther: Api;
let ownerId: string;
let ownerAuth: Auth;
let otherAuth: Auth;

const section = (text: string) => ({
  id: `s-${crypto.randomUUID()}`,
  title: 'Assessment',
  deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]),
  editing: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const highlight = (text: string) => ({ id: `h-${crypto.randomUUID()}`, pdfId: 'pdf-1', rawText: text, text, pageNumber: 1, range: {}, createdAt: new Date().toISOString() });

/** A phrase no other test writes, in three spellings so one field's words are told from another's. */
const uniquePhrase = (field: string) => `${field} zq${crypto.randomUUID().replaceAll('-', '')}`;

/** Every file under the runtime's data folder, read whole. */
const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
};
const filesHolding = async (phrase: string) => {
  const needle = Buffer.from(phrase, 'utf8');
  const found: string[] = [];
  for (const file of await filesUnder(runtime.dataDir)) {
    const bytes = await readFile(file).catch(() => undefined); // a file removed while the walk ran
    if (bytes?.includes(needle)) found.push(path.relative(runtime.dataDir, file));
  }
  return found;
};

const ok = async <T>(response: Promise<{ status: number; json: unknown; text: string }>): Promise<T> => {
  const { status, json, text } = await response;
  if (status !== 200) throw new Error(`answered ${status}: ${text}`);
  return json as T;
};

const searchHits = async (as: Api, query: string) => ((await ok<{ hits: { id: string }[] }>(as('POST', '/search', { query }))).hits).map((hit) => hit.id);

beforeAll(async () => {
  const [owner, other] = await Promise.all([createUser(runtime), createUser(runtime)]);
  ownerId = owner.userId;
  [ownerAuth, otherAuth] = await Promise.all([signedIn(runtime, owner), signedIn(runtime, other)]);
  asOwner = api(runtime, ownerAuth);
  asOther = api(runtime, otherAuth);
});

/** Creates a resource, then writes its sensitive fields with the phrases; `encrypted` is set before they are written. */
const saveWithPhrases = async (encrypted: boolean) => {
  const phrases = { description: uniquePhrase('description'), section: uniquePhrase('section'), highlight: uniquePhrase('highlight') };
  const name = `Encryption case ${crypto.randomUUID().slice(0, 8)}`;
  const created = await ok<Resource>(asOwner('POST', '/resources', { name, type: 'text', tags: ['Cardiology'] }));
  const flagged = await ok<Resource>(asOwner('PATCH', `/resources/${created.id}`, { version: created.version, encrypted }));
  const saved = await ok<Resource>(
    asOwner('PATCH', `/resources/${created.id}`, {
      version: flagged.version,
      description: phrases.description,
      textSections: [section(phrases.section)],
      pdfHighlights: { 'pdf-1': [highlight(phrases.highlight)] },
    }),
  );
  return { saved, phrases, name };
};

describe('an encrypted resource', () => {
  it('leaves no sealed phrase in any file under DATA_DIR, yet its owner reads it all and search finds it by name', async () => {
    const plain = await saveWithPhrases(false);
    const sealed = await saveWithPhrases(true);
    // Both are indexed (the name finds each), so the index has seen whatever it would ever hold of them.
    await expect.poll(() => searchHits(asOwner, plain.name), { timeout: 10_000 }).toContain(plain.saved.id);
    await expect.poll(() => searchHits(asOwner, sealed.name), { timeout: 10_000 }).toContain(sealed.saved.id);

    // The walk finds what is stored in clear: the plain resource's phrases are there, in the database and the index.
    const plainFound = await filesHolding(plain.phrases.section);
    expect(plainFound.some((file) => file.startsWith('search'))).toBe(true);
    expect(plainFound.length).toBeGreaterThan(1);
    for (const phrase of Object.values(sealed.phrases)) expect(await filesHolding(phrase)).toEqual([]);

    const read = await ok<Resource>(asOwner('GET', `/resources/${sealed.saved.id}`));
    expect(read).toEqual(sealed.saved);
    expect(read.description).toBe(sealed.phrases.description);
    expect(read.pdfHighlights['pdf-1']?.[0]?.text).toBe(sealed.phrases.highlight);
    expect(await searchHits(asOwner, 'Cardiology')).toContain(sealed.saved.id);
    expect(await searchHits(asOwner, sealed.phrases.section.split(' ')[1]!)).toEqual([]);
    expect(await searchHits(asOwner, plain.phrases.section.split(' ')[1]!)).toEqual([plain.saved.id]);
  });

  it('is never another user’s to read, change or find', async () => {
    const { saved, name } = await saveWithPhrases(true);
    expect((await asOther('GET', `/resources/${saved.id}`)).status).toBe(404);
    expect((await asOther('PATCH', `/resources/${saved.id}`, { version: saved.version, encrypted: false })).status).toBe(404);
    expect(await searchHits(asOther, name)).toEqual([]);
    expect((await asOwner('GET', `/resources/${saved.id}`)).json).toEqual(saved);
  });

  it('is rewritten in clear when encryption is turned off, and sealed again when turned back on', async () => {
    const { saved, phrases, name } = await saveWithPhrases(true);
    const off = await ok<Resource>(asOwner('PATCH', `/resources/${saved.id}`, { version: saved.version, encrypted: false }));
    expect(off.description).toBe(phrases.description);
    const word = phrases.section.split(' ')[1]!;
    await expect.poll(() => searchHits(asOwner, word), { timeout: 10_000 }).toEqual([saved.id]);
    const on = await ok<Resource>(asOwner('PATCH', `/resources/${saved.id}`, { version: off.version, encrypted: true }));
    await expect.poll(() => searchHits(asOwner, word), { timeout: 10_000 }).toEqual([]);
    expect(await searchHits(asOwner, name)).toEqual([saved.id]);
    expect(await ok<Resource>(asOwner('GET', `/resources/${saved.id}`))).toEqual(on);
    const stored = await localTable(runtime).query(`USER#${ownerId}`, `PART#RESOURCE#${saved.id}#`);
    expect(JSON.stringify(stored)).not.toContain(word);
  });

  it('answers 400, not 500, when its stored ciphertext was changed', async () => {
    const { saved } = await saveWithPhrases(true);
    const table = localTable(runtime);
    const [part] = await table.query(`USER#${ownerId}`, `PART#RESOURCE#${saved.id}#body#`);
    const body = JSON.parse(String(part?.data)) as { sealed: string };
    const middle = Math.floor(body.sealed.length / 2);
    body.sealed = `${body.sealed.slice(0, middle)}${body.sealed[middle] === 'A' ? 'B' : 'A'}${body.sealed.slice(middle + 1)}`;
    await table.put({ ...part, data: JSON.stringify(body) });
    const { status, json } = await asOwner('GET', `/resources/${saved.id}`);
    expect(status).toBe(400);
    expect(json).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/could not be decrypted/) } });
  });
});

/** The bytes POST /files/content answers for one part (the harness's api reads answers as text), and the part count. */
const fileContent = async (auth: Auth, filePath: string, part?: number) => {
  const response = await fetch(`${runtime.url}/api/files/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.token}`, [sessionIdHeader]: auth.sessionId, 'content-type': 'application/json' },
    body: JSON.stringify({ filePath, part }),
  });
  return { status: response.status, parts: response.headers.get(filePartsHeader), bytes: Buffer.from(await response.arrayBuffer()) };
};

/** s3rver keeps each object's bytes in one file under DATA_DIR/s3, and its metadata in another beside it. */
const objectFile = (filePath: string) => path.join(runtime.dataDir, 's3', 'chartside-files', `${filePath}._S3rver_object`);
const storedPartLengths = async (filePath: string) => {
  const metadata = JSON.parse(await readFile(path.join(runtime.dataDir, 's3', 'chartside-files', `${filePath}._S3rver_metadata.json`), 'utf8')) as Record<string, string>;
  return metadata['x-amz-meta-chartside-parts']?.split(',').map(Number);
};

describe('an encrypted resource’s files', () => {
  /** An encrypted resource holding one uploaded file whose bytes carry a unique phrase (and bytes that are not text, `padding` of them). */
  const encryptedWithFile = async (padding = 4) => {
    const phrase = uniquePhrase('file');
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.4\n% ${phrase}\n`), randomBytes(padding), Buffer.from('\n%%EOF\n')]);
    const upload = await ok<Upload>(asOwner('POST', '/files/uploads', { fileName: 'scan.pdf', size: bytes.length }));
    expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes })).status).toBe(200);
    const created = await ok<Resource>(asOwner('POST', '/resources', { name: `Sealed file ${crypto.randomUUID().slice(0, 8)}`, type: 'files' }));
    const flagged = await ok<Resource>(asOwner('PATCH', `/resources/${created.id}`, { version: created.version, encrypted: true }));
    const saved = await ok<Resource>(asOwner('PATCH', `/resources/${created.id}`, { version: flagged.version, files: [upload.file] }));
    return { saved, phrase, bytes, filePath: upload.file.filePath };
  };

  it('leaves no phrase of the file under DATA_DIR, yet the owner reads the exact bytes and another user gets 404', async () => {
    const { phrase, bytes, filePath } = await encryptedWithFile();
    expect(await filesHolding(phrase)).toEqual([]);
    expect((await asOwner('POST', '/files/download-url', { filePath })).json).toEqual({ sealed: true });
    const fileId = filePath.slice(filePath.lastIndexOf('/') + 1);
    expect((await asOwner('POST', `/documents/${fileId}/download-url`)).json).toEqual({ sealed: true });
    const read = await fileContent(ownerAuth, filePath);
    expect(read.status).toBe(200);
    expect(read.bytes.equals(bytes)).toBe(true);
    expect((await fileContent(otherAuth, filePath)).status).toBe(404);
    expect((await asOther('POST', '/files/download-url', { filePath })).status).toBe(404);
  });

  it('is sealed in parts when large: each read on its own by the owner only, a changed part refused, all restored with encryption off', async () => {
    const { saved, phrase, bytes, filePath } = await encryptedWithFile(9_000_000);
    expect(await filesHolding(phrase)).toEqual([]);
    const stored = await readFile(objectFile(filePath));
    expect(stored.includes(bytes.subarray(100_000, 100_064))).toBe(false);
    const lengths = await storedPartLengths(filePath);
    expect(lengths).toHaveLength(3);

    const parts = [];
    for (const part of [0, 1, 2]) {
      const read = await fileContent(ownerAuth, filePath, part);
      expect(read).toMatchObject({ status: 200, parts: '3' });
      expect(read.bytes.length).toBeLessThanOrEqual(SEALED_PART_BYTES);
      parts.push(read.bytes);
    }
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect((await fileContent(otherAuth, filePath, 0)).status).toBe(404);
    const past = await fileContent(ownerAuth, filePath, 3);
    expect(past.status).toBe(400);
    expect(JSON.parse(past.bytes.toString('utf8'))).toEqual({ error: { code: 'bad_request', message: 'That file has 3 parts, numbered from 0: there is no part 3.' } });

    const flipped = Buffer.from(stored);
    flipped[lengths![0]! + 1000] = flipped[lengths![0]! + 1000]! ^ 1;
    await writeFile(objectFile(filePath), flipped);
    const changed = await fileContent(ownerAuth, filePath, 1);
    expect(changed.status).toBe(400);
    expect(JSON.parse(changed.bytes.toString('utf8'))).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/could not be decrypted/) } });
    await writeFile(objectFile(filePath), stored);

    await ok<Resource>(asOwner('PATCH', `/resources/${saved.id}`, { version: saved.version, encrypted: false }));
    expect((await readFile(objectFile(filePath))).equals(bytes)).toBe(true);
    expect(await fileContent(ownerAuth, filePath)).toMatchObject({ status: 200, parts: '1' });
  });

  it('is stored in clear again when encryption is turned off, read by its presigned GET', async () => {
    const { saved, phrase, bytes, filePath } = await encryptedWithFile();
    await ok<Resource>(asOwner('PATCH', `/resources/${saved.id}`, { version: saved.version, encrypted: false }));
    expect(await filesHolding(phrase)).toEqual([path.relative(runtime.dataDir, objectFile(filePath))]);
    const link = await ok<{ url: string }>(asOwner('POST', '/files/download-url', { filePath }));
    expect(Buffer.from(await (await fetch(link.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 400 with a clear message, not 500, when the stored object was changed', async () => {
    const { filePath } = await encryptedWithFile();
    const stored = await readFile(objectFile(filePath));
    stored[stored.length - 20] = (stored[stored.length - 20] ?? 0) ^ 1;
    await writeFile(objectFile(filePath), stored);
    const { status, bytes } = await fileContent(ownerAuth, filePath);
    expect(status).toBe(400);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/could not be decrypted/) } });
  });
});
