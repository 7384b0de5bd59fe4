// The file cleaner pages through the files bucket: with a page of 3, a clinician's 8 objects take three pages or more,
// each looking at 3 objects at most and reading the references of the users in it only; the pages together offer exactly
// the orphans and the old temporary upload, never a file a resource (an encrypted one too) holds. A delete checks the
// chosen keys again, a page size that is not valid is a 400, and a made-up cursor is only a place in key order. A user
// with an encrypted record that no longer decrypts has every file left alone, counted, and the scan still answers. Its
// own runtime: the shared one's bucket holds every other test's files.
import type { CleanedFiles, FileCleanerScan, Resource, ResourceFile, Upload } from '@chartside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { localTable } from '../harness/dynamodb';
import { ageStoredObject } from '../harness/stored-objects';
import { createUser, signedIn, type TestUser } from '../harness/users';

let runtime: TestRuntime;
let clinician: TestUser;
let asClinician: Api;
let asAdmin: Api;

const bytes = new TextEncoder().encode('%PDF-1.4\n% paging\n%%EOF\n');

beforeAll(async () => {
  runtime = await startRuntime();
  let admin: TestUser;
  [clinician, admin] = await Promise.all([createUser(runtime), createUser(runtime, { admin: true })]);
  [asClinician, asAdmin] = await Promise.all([signedIn(runtime, clinician).then((auth) => api(runtime, auth)), signedIn(runtime, admin).then((auth) => api(runtime, auth))]);
});

afterAll(() => runtime?.stop());

/** A stored file of the clinician's, `hours` old. */
const storedFile = async (fileName: string, hours: number, temp = false): Promise<ResourceFile> => {
  const upload = (await asClinician('POST', '/files/uploads', { fileName, size: bytes.length, temp })).json as unknown as Upload;
  expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes })).status).toBe(200);
  await ageStoredObject(runtime.dataDir, upload.file.filePath, hours);
  return upload.file;
};

const resourceHolding = async (file: ResourceFile, encrypted: boolean) => {
  const created = (await asClinician('POST', '/resources', { name: `Holds ${file.name}`, type: 'files' })).json as unknown as Resource;
  const saved = await asClinician('PATCH', `/resources/${created.id}`, { version: created.version, encrypted, files: [file] });
  expect(saved.status).toBe(200);
  return saved.json as unknown as Resource;
};

/** Every page of the dry run, `limit` objects each. */
const everyPage = async (limit: number) => {
  const pages: FileCleanerScan[] = [];
  let cursor: string | null = null;
  do {
    const { status, json, text } = await asAdmin('GET', `/admin/file-cleaner?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(status, text).toBe(200);
    const page = json as unknown as FileCleanerScan;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
};

describe('the file cleaner, a page at a time', () => {
  it('offers the orphans and old temporary uploads across pages of at most 3 objects, and deletes only the chosen ones still cleanable', async () => {
    const orphans = await Promise.all(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map((name) => storedFile(name, 48)));
    const oldTemp = await storedFile('old.pdf', 30, true);
    const fresh = await storedFile('fresh.pdf', 0);
    const [held, sealed] = await Promise.all([storedFile('held.pdf', 48), storedFile('sealed.pdf', 48)]);
    await resourceHolding(held, false);
    await resourceHolding(sealed, true);
    // Sealing rewrote it: make it old again, so only its resource keeps it.
    await ageStoredObject(runtime.dataDir, sealed.filePath, 48);

    const pages = await everyPage(3);

    // 8 objects of the clinician's at least: three pages or more, each full but the last.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(0, -1).map((page) => page.scannedObjects)).toEqual(pages.slice(0, -1).map(() => 3));
    expect(pages.at(-1)?.scannedObjects).toBeLessThanOrEqual(3);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const offered = pages.flatMap((page) => page.objects);
    expect(offered.map((object) => object.key).sort()).toEqual([...orphans, oldTemp].map((file) => file.filePath).sort());
    expect(offered.find((object) => object.key === oldTemp.filePath)?.reason).toBe('temporary');
    for (const kept of [fresh, held, sealed]) expect(offered.some((object) => object.key === kept.filePath)).toBe(false);

    const chosen = [orphans[0]!.filePath, oldTemp.filePath, sealed.filePath, held.filePath];
    const cleaned = await asAdmin('POST', '/admin/file-cleaner/delete', { keys: chosen });
    expect(cleaned.json as unknown as CleanedFiles).toEqual({ deleted: [orphans[0]!.filePath, oldTemp.filePath], skipped: [sealed.filePath, held.filePath] });
    expect((await asClinician('POST', '/files/download-url', { filePath: orphans[0]!.filePath })).status).toBe(404);
    expect((await asClinician('POST', '/files/download-url', { filePath: sealed.filePath })).json).toEqual({ sealed: true });
  });

  it.each([
    ['a page of none', '?limit=0', 'validation_failed'],
    ['a page too large', '?limit=1001', 'validation_failed'],
  ])('answers 400 to %s', async (_what, query, code) => {
    const { status, json } = await asAdmin('GET', `/admin/file-cleaner${query}`);
    expect(status).toBe(400);
    expect(json.error?.code).toBe(code);
  });

  it('takes a made-up cursor as a place in key order: before every key the first page, past every key an empty last one', async () => {
    const scan = async (cursor: string) => {
      const { status, json } = await asAdmin('GET', `/admin/file-cleaner?limit=3&cursor=${encodeURIComponent(cursor)}`);
      expect(status).toBe(200);
      return json as unknown as FileCleanerScan;
    };
    const first = (await asAdmin('GET', '/admin/file-cleaner?limit=3')).json as unknown as FileCleanerScan;
    expect(await scan('bm90\u0000%zz')).toEqual(first);
    for (const cursor of ['~~~', '\u{1F9EA}'.repeat(500)]) expect(await scan(cursor)).toEqual({ objects: [], scannedObjects: 0, heldBackObjects: 0, nextCursor: null });
  });

  it('leaves alone every file of a user whose encrypted record no longer decrypts, says how many, and still answers', async () => {
    const orphan = await storedFile('unknown.pdf', 48);
    const sealed = await resourceHolding(await storedFile('sealed-2.pdf', 0), true);
    const table = localTable(runtime);
    const [part] = await table.query(`USER#${clinician.userId}`, `PART#RESOURCE#${sealed.id}#body#`);
    const stored = JSON.parse(String(part?.data)) as { sealed: string };
    stored.sealed = `${stored.sealed.slice(0, 40)}${stored.sealed[40] === 'A' ? 'B' : 'A'}${stored.sealed.slice(41)}`;
    await table.put({ ...part, data: JSON.stringify(stored) });

    const pages = await everyPage(1000);
    expect(pages.flatMap((page) => page.objects).map((object) => object.key)).not.toContain(orphan.filePath);
    const clinicianObjects = pages.reduce((sum, page) => sum + page.heldBackObjects, 0);
    expect(clinicianObjects).toBeGreaterThanOrEqual(2);
    expect((await asAdmin('POST', '/admin/file-cleaner/delete', { keys: [orphan.filePath] })).json).toEqual({ deleted: [], skipped: [orphan.filePath] });
  });
});
