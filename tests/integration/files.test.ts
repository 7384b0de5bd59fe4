// Files through the real API and s3rver: presigned PUT and GET, temp uploads, the size limit, and objects deleted when a
// resource drops a file or is deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, type Resource, type ResourceFile } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();

let user: TestUser;
let asUser: Api;

interface Upload {
  file: ResourceFile;
  uploadUrl: string;
  headers: Record<string, string>;
  expiresAt: string;
}

/** Asks for an upload and PUTs the bytes the way the browser does: the signed headers, exactly. */
const upload = async (fileName: string, bytes: Uint8Array<ArrayBuffer>, options: { temp?: boolean; contentType?: string } = {}) => {
  const { status, json, text } = await asUser('POST', '/files/uploads', { fileName, size: bytes.length, ...options });
  expect(status, text).toBe(200);
  const granted = json as unknown as Upload;
  const put = await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes });
  expect(put.status).toBe(200);
  return granted;
};

const download = async (filePath: string) => asUser('POST', '/files/download-url', { filePath });

const bytesAt = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), disposition: response.headers.get('content-disposition'), type: response.headers.get('content-type') };
};

const pdfBytes = new TextEncoder().encode('%PDF-1.4\n% a tiny test file\n%%EOF\n');

beforeAll(async () => {
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
});

describe('POST /api/files/uploads and /api/files/download-url', () => {
  it("uploads by presigned PUT under the user's own prefix and reads the same bytes back inline", async () => {
    const { file, headers, expiresAt } = await upload('Discharge summary.PDF', pdfBytes);
    expect(file).toMatchObject({ name: 'Discharge summary.PDF', extension: 'pdf', mimeType: 'application/pdf', isTemp: false, size: pdfBytes.length });
    expect(file.fileId).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(file.filePath).toBe(`userContent/${user.userId}/${file.fileId}`);
    expect(headers['content-type']).toBe('application/pdf');
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    const { status, json } = await download(file.filePath);
    expect(status).toBe(200);
    const got = await bytesAt(String(json.url));
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(pdfBytes);
    expect(got.type).toBe('application/pdf');
    expect(got.disposition).toContain(`inline; filename="${file.fileId}"`);
  });

  it('puts temporary uploads under temp/ with the tag the lifecycle rule expires', async () => {
    const { file, headers } = await upload('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { temp: true });
    expect(file.filePath).toBe(`userContent/${user.userId}/temp/${file.fileId}`);
    expect(file).toMatchObject({ isTemp: true, mimeType: 'image/jpeg' });
    expect(headers['x-amz-tagging']).toBe('chartside-temp=true');
    expect((await download(file.filePath)).status).toBe(200);
  });

  it("keeps the browser's type when it is a plain MIME type, and derives one from the extension otherwise", async () => {
    expect((await upload('notes', new TextEncoder().encode('x'), { contentType: 'text/plain' })).file).toMatchObject({ extension: '', mimeType: 'text/plain' });
    expect((await upload('scan.png', new Uint8Array([1]), { contentType: 'bogus; x=1' })).file.mimeType).toBe('image/png');
    expect((await upload('blob', new Uint8Array([1]))).file).toMatchObject({ fileId: expect.stringMatching(/^[0-9a-f-]{36}$/), mimeType: 'application/octet-stream' });
  });

  it('refuses a file over the size limit with 400 and a clear message', async () => {
    const { status, json } = await asUser('POST', '/files/uploads', { fileName: 'huge.mp4', size: MAX_FILE_BYTES + 1 });
    expect(status).toBe(400);
    expect(json.error?.message).toContain('Files can be at most 100 MB.');
  });

  it('answers 404 for a missing object and for paths with tricks in them', async () => {
    for (const filePath of [
      `userContent/${user.userId}/no-such-file.pdf`,
      `userContent/${user.userId}/../someone-else/x.pdf`,
      `userContent/${user.userId}//x.pdf`,
      'userContent/',
      'temp/x.pdf',
    ]) {
      expect((await download(filePath)).status, filePath).toBe(404);
    }
  });
});

describe('files held by resources', () => {
  const createWithFile = async (name: string) => {
    const { file } = await upload(`${name}.pdf`, pdfBytes);
    const created = (await asUser('POST', '/resources', { name, type: 'files' })).json as unknown as Resource;
    // The web app sends what the upload answered; a missing extension and MIME type are filled in from the file id.
    const entry = { ...file, extension: '', mimeType: '' };
    const patched = await asUser('PATCH', `/resources/${created.id}`, { version: created.version, files: [entry] });
    expect(patched.status, patched.text).toBe(200);
    return { resource: patched.json as unknown as Resource, file };
  };

  it('completes a file entry and deletes the object once the resource drops the file', async () => {
    const { resource, file } = await createWithFile('Dropped');
    expect(resource.files).toEqual([{ ...file, extension: 'pdf', mimeType: 'application/pdf' }]);
    const before = String((await download(file.filePath)).json.url);
    expect((await bytesAt(before)).status).toBe(200);

    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: resource.version, files: [] })).status).toBe(200);
    expect((await download(file.filePath)).status).toBe(404);
    expect((await bytesAt(before)).status).toBe(404);
  });

  it('renames a file without touching its object', async () => {
    const { resource, file } = await createWithFile('Renamed');
    const renamed = await asUser('PATCH', `/resources/${resource.id}`, { version: resource.version, files: [{ ...resource.files[0], name: 'New name.pdf' }] });
    expect((renamed.json as unknown as Resource).files[0]).toMatchObject({ name: 'New name.pdf', filePath: file.filePath });
    expect((await download(file.filePath)).status).toBe(200);
  });

  it("deletes every file's object with the resource", async () => {
    const { resource, file } = await createWithFile('Deleted with resource');
    const { json } = await asUser('DELETE', `/resources/${resource.id}`);
    expect(json).toEqual({ deleted: true, filesDeleted: 1 });
    expect((await download(file.filePath)).status).toBe(404);
  });
});

describe('POST /api/files/delete', () => {
  it('deletes an abandoned upload, then answers 404', async () => {
    const { file } = await upload('abandoned.txt', new TextEncoder().encode('draft'), { temp: true });
    expect((await asUser('POST', '/files/delete', { filePath: file.filePath })).json).toEqual({ deleted: true });
    expect((await download(file.filePath)).status).toBe(404);
    expect((await asUser('POST', '/files/delete', { filePath: file.filePath })).status).toBe(404);
  });
});
