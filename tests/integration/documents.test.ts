// The Documents API and the file cleaner through the real runtime (s3rver, DynamoDB Local, cognito-local): every stored
// file of the user with its name and holder, rename and delete (a resource's file is renamed in and removed from the
// resource), the type and size rules, another user never reaching them, and the cleaner for administrators only.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, type CleanedFiles, type DocumentList, type FileCleanerScan, type Resource, type Upload } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { ageStoredObject } from '../harness/stored-objects';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();

let owner: TestUser;
let asOwner: Api;
let asOther: Api;
let asAdmin: Api;

const pdfBytes = new TextEncoder().encode('%PDF-1.4\n% a tiny test file\n%%EOF\n');
const textBytes = new TextEncoder().encode('Ward round checklist\n');

const put = async (upload: Upload, bytes: Uint8Array<ArrayBuffer>) => {
  const response = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes });
  expect(response.status).toBe(200);
};

/** Uploads on the Documents page: the name is kept, then the bytes go by presigned PUT. */
const uploadDocument = async (as: Api, fileName: string, bytes: Uint8Array<ArrayBuffer>) => {
  const { status, json, text } = await as('POST', '/documents', { fileName, size: bytes.length, contentType: '' });
  expect(status, text).toBe(200);
  const upload = json as unknown as Upload;
  await put(upload, bytes);
  return upload.file;
};

/** Any other file of the user (a resource's upload, a pasted image, a chat attachment when temp). */
const uploadFile = async (as: Api, fileName: string, bytes: Uint8Array<ArrayBuffer>, temp = false) => {
  const { json } = await as('POST', '/files/uploads', { fileName, size: bytes.length, temp });
  const upload = json as unknown as Upload;
  await put(upload, bytes);
  return upload.file;
};

const list = async (as: Api) => {
  const { status, json } = await as('GET', '/documents');
  expect(status).toBe(200);
  return json as unknown as DocumentList;
};

const resourceHolding = async (as: Api, name: string, fileName: string) => {
  const created = (await as('POST', '/resources', { name, type: 'files' })).json as unknown as Resource;
  const file = await uploadFile(as, fileName, pdfBytes);
  const patched = await as('PATCH', `/resources/${created.id}`, { version: created.version, files: [file] });
  expect(patched.status).toBe(200);
  return { resource: patched.json as unknown as Resource, file };
};

beforeAll(async () => {
  const [ownerUser, otherUser, adminUser] = await Promise.all([createUser(runtime), createUser(runtime), createUser(runtime, { admin: true })]);
  owner = ownerUser;
  const [ownerAuth, otherAuth, adminAuth] = await Promise.all([signedIn(runtime, ownerUser), signedIn(runtime, otherUser), signedIn(runtime, adminUser)]);
  asOwner = api(runtime, ownerAuth);
  asOther = api(runtime, otherAuth);
  asAdmin = api(runtime, adminAuth);
});

describe('documents', () => {
  it('lists an upload made on the page, a resource file with its resource and a pasted image, newest first, with the storage used; not temporary uploads', async () => {
    const { resource, file: held } = await resourceHolding(asOwner, 'Sepsis guideline', 'sepsis.pdf');
    const pasted = await uploadFile(asOwner, 'image.jpg', pdfBytes);
    const uploaded = await uploadDocument(asOwner, 'Checklist.txt', textBytes);
    const temp = await uploadFile(asOwner, 'attachment.txt', textBytes, true);

    const { files, usedBytes } = await list(asOwner);
    const byPath = new Map(files.map((file) => [file.filePath, file]));
    expect(byPath.get(uploaded.filePath)).toMatchObject({ name: 'Checklist.txt', extension: 'txt', mimeType: 'text/plain', size: textBytes.length, resource: null, source: 'upload' });
    expect(byPath.get(held.filePath)).toMatchObject({ name: 'sepsis.pdf', size: pdfBytes.length, resource: { id: resource.id, name: 'Sepsis guideline' }, source: 'resource' });
    expect(byPath.get(pasted.filePath)).toMatchObject({ name: 'Pasted image.jpg', resource: null, source: 'other' });
    expect(byPath.has(temp.filePath)).toBe(false);
    expect(usedBytes).toBe(files.reduce((sum, file) => sum + file.size, 0));
    expect(files.map((file) => file.storedAt)).toEqual([...files.map((file) => file.storedAt)].sort().reverse());
    expect(Date.parse(byPath.get(uploaded.filePath)!.storedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads one file, and downloads it under its display name', async () => {
    const uploaded = await uploadDocument(asOwner, 'Handover notes.txt', textBytes);
    const one = await asOwner('GET', `/documents/${uploaded.fileId}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ fileId: uploaded.fileId, name: 'Handover notes.txt' });
    const { status, json } = await asOwner('POST', `/documents/${uploaded.fileId}/download-url`);
    expect(status).toBe(200);
    const response = await fetch(String(json.url));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(textBytes);
    expect(response.headers.get('content-disposition')).toContain('filename="Handover notes.txt"');
  });

  it("renames an uploaded file, and a resource's file in the resource too", async () => {
    const uploaded = await uploadDocument(asOwner, 'scan.pdf', pdfBytes);
    const renamed = await asOwner('PATCH', `/documents/${uploaded.fileId}`, { name: '  Chest X-ray report.pdf ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Chest X-ray report.pdf', source: 'upload' });

    const { resource, file } = await resourceHolding(asOwner, 'Renal', 'old name.pdf');
    expect((await asOwner('PATCH', `/documents/${file.fileId}`, { name: 'eGFR chart.pdf' })).status).toBe(200);
    const after = (await asOwner('GET', `/resources/${resource.id}`)).json as unknown as Resource;
    expect(after.files.map((f) => f.name)).toEqual(['eGFR chart.pdf']);
    const names = new Map((await list(asOwner)).files.map((f) => [f.fileId, f.name]));
    expect(names.get(uploaded.fileId)).toBe('Chest X-ray report.pdf');
    expect(names.get(file.fileId)).toBe('eGFR chart.pdf');
  });

  it('deletes an uploaded file, and removes a resource file from its resource, saying which', async () => {
    const uploaded = await uploadDocument(asOwner, 'old.pdf', pdfBytes);
    const gone = await asOwner('DELETE', `/documents/${uploaded.fileId}`);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ deleted: true, removedFrom: null });

    const { resource, file } = await resourceHolding(asOwner, 'Asthma', 'asthma.pdf');
    const removed = await asOwner('DELETE', `/documents/${file.fileId}`);
    expect(removed.json).toEqual({ deleted: true, removedFrom: { id: resource.id, name: 'Asthma' } });
    expect(((await asOwner('GET', `/resources/${resource.id}`)).json as unknown as Resource).files).toEqual([]);
    const paths = (await list(asOwner)).files.map((f) => f.filePath);
    expect(paths).not.toContain(uploaded.filePath);
    expect(paths).not.toContain(file.filePath);
    expect((await asOwner('POST', '/files/download-url', { filePath: file.filePath })).status).toBe(404);
  });

  it.each([
    ['a type the page does not take', { fileName: 'setup.exe', size: 10 }, 'not a supported type'],
    ['a file over the size limit', { fileName: 'huge.pdf', size: MAX_FILE_BYTES + 1 }, 'at most 100 MB'],
    ['an empty file', { fileName: 'empty.txt', size: 0 }, 'is empty'],
    ['no name', { fileName: ' ', size: 10 }, ''],
    ['an unknown field', { fileName: 'a.pdf', size: 10, temp: true }, ''],
  ])('refuses an upload of %s with 400', async (_what, body, message) => {
    const { status, json } = await asOwner('POST', '/documents', body);
    expect(status).toBe(400);
    expect(JSON.stringify(json.error)).toContain(message);
  });

  it('answers 400 for an empty or missing name, 404 for a file that is not there or a path trick', async () => {
    const uploaded = await uploadDocument(asOwner, 'keep.txt', textBytes);
    expect((await asOwner('PATCH', `/documents/${uploaded.fileId}`, { name: '   ' })).status).toBe(400);
    expect((await asOwner('PATCH', `/documents/${uploaded.fileId}`, {})).status).toBe(400);
    expect((await asOwner('PATCH', `/documents/${uploaded.fileId}`, 'not json')).status).toBe(400);
    expect((await asOwner('GET', '/documents/no-such-file.pdf')).status).toBe(404);
    expect((await asOwner('DELETE', `/documents/${encodeURIComponent(`../${owner.userId}/${uploaded.fileId}`)}`)).status).toBe(404);
    expect((await asOwner('GET', `/documents/temp`)).status).toBe(404);
  });

  it("never shows, renames, downloads or deletes another user's file", async () => {
    const mine = await uploadDocument(asOwner, 'private.pdf', pdfBytes);
    expect((await list(asOther)).files.map((f) => f.fileId)).not.toContain(mine.fileId);
    expect((await asOther('GET', `/documents/${mine.fileId}`)).status).toBe(404);
    expect((await asOther('PATCH', `/documents/${mine.fileId}`, { name: 'stolen.pdf' })).status).toBe(404);
    expect((await asOther('POST', `/documents/${mine.fileId}/download-url`)).status).toBe(404);
    expect((await asOther('DELETE', `/documents/${mine.fileId}`)).status).toBe(404);
    const still = (await list(asOwner)).files.find((f) => f.fileId === mine.fileId);
    expect(still?.name).toBe('private.pdf');
  });

  it('needs a token', async () => {
    expect((await api(runtime)('GET', '/documents')).status).toBe(401);
  });
});

describe('file cleaner', () => {
  it.each([
    ['GET', '/admin/file-cleaner', undefined],
    ['POST', '/admin/file-cleaner/delete', { keys: ['userContent/x/y.pdf'] }],
    ['POST', '/admin/file-cleaner/delete', { keys: [] }],
  ])('answers 403 to a non-administrator on %s %s', async (method, path, body) => {
    const { status, json } = await asOwner(method, path, body);
    expect(status).toBe(403);
    expect(json.error?.message).toContain('for administrators');
  });

  it('lists unreferenced objects and old temporary uploads, not referenced or new ones, and deletes only the chosen ones still cleanable', async () => {
    const { file: held } = await resourceHolding(asOwner, 'Kept', 'kept.pdf');
    const named = await uploadDocument(asOwner, 'named.pdf', pdfBytes);
    const orphan = await uploadFile(asOwner, 'orphan.pdf', pdfBytes);
    const freshOrphan = await uploadFile(asOwner, 'fresh.pdf', pdfBytes);
    const oldTemp = await uploadFile(asOwner, 'old.txt', textBytes, true);
    const newTemp = await uploadFile(asOwner, 'new.txt', textBytes, true);
    for (const file of [held, named, orphan, oldTemp]) await ageStoredObject(runtime.dataDir, file.filePath, 48);

    // Every page of the dry run (the shared runtime's bucket holds every test's files).
    const found = new Map<string, FileCleanerScan['objects'][number]>();
    let cursor: string | null = null;
    do {
      const scan = await asAdmin('GET', `/admin/file-cleaner${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(scan.status, JSON.stringify(scan.json)).toBe(200);
      const page = scan.json as unknown as FileCleanerScan;
      for (const object of page.objects) found.set(object.key, object);
      cursor = page.nextCursor;
    } while (cursor);
    expect(found.get(orphan.filePath)).toMatchObject({ reason: 'unreferenced', userId: owner.userId, size: pdfBytes.length });
    expect(found.get(oldTemp.filePath)).toMatchObject({ reason: 'temporary' });
    for (const [what, kept] of Object.entries({ held, named, freshOrphan, newTemp })) expect(found.has(kept.filePath), what).toBe(false);

    // The dry run deleted nothing.
    expect((await asOwner('POST', '/files/download-url', { filePath: orphan.filePath })).status).toBe(200);

    const cleaned = await asAdmin('POST', '/admin/file-cleaner/delete', { keys: [orphan.filePath, oldTemp.filePath, held.filePath] });
    expect(cleaned.status).toBe(200);
    expect(cleaned.json as unknown as CleanedFiles).toEqual({ deleted: [orphan.filePath, oldTemp.filePath], skipped: [held.filePath] });
    expect((await asOwner('POST', '/files/download-url', { filePath: orphan.filePath })).status).toBe(404);
    expect((await asOwner('POST', '/files/download-url', { filePath: held.filePath })).status).toBe(200);
  });

  it('answers 400 to an administrator for no keys or a body that is not a list', async () => {
    expect((await asAdmin('POST', '/admin/file-cleaner/delete', { keys: [] })).status).toBe(400);
    expect((await asAdmin('POST', '/admin/file-cleaner/delete', { keys: 'all' })).status).toBe(400);
  });
});
