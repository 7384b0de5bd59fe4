// Two users on one runtime: B never finds, opens, changes or downloads A's resources or files, whatever ids or paths
// B sends. Every refusal is a 404 (or 400 for attaching a foreign path), never a hint that A's record exists.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource, ResourceFile } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();

let userA: TestUser;
let userB: TestUser;
let asA: Api;
let asB: Api;
let resourceOfA: Resource;
let fileOfA: ResourceFile;

const bytes = new TextEncoder().encode('A private letter about a patient');

beforeAll(async () => {
  [userA, userB] = await Promise.all([createUser(runtime), createUser(runtime)]);
  asA = api(runtime, await signedIn(runtime, userA));
  asB = api(runtime, await signedIn(runtime, userB));
  const granted = (await asA('POST', '/files/uploads', { fileName: 'letter.txt', size: bytes.length })).json as unknown as {
    file: ResourceFile;
    uploadUrl: string;
    headers: Record<string, string>;
  };
  expect((await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes })).status).toBe(200);
  fileOfA = granted.file;
  const created = (await asA('POST', '/resources', { name: 'A private resource', type: 'files', tags: ['Secret Tag'] })).json as unknown as Resource;
  resourceOfA = (await asA('PATCH', `/resources/${created.id}`, { version: created.version, files: [fileOfA] })).json as unknown as Resource;
});

describe("B and A's resources", () => {
  it("does not list A's resource for B", async () => {
    const { json } = await asB('GET', '/resources');
    expect(json.resources).toEqual([]);
  });

  it('answers B with 404 on get, patch and delete of A’s resource id, and A’s resource stays as it was', async () => {
    expect((await asB('GET', `/resources/${resourceOfA.id}`)).status).toBe(404);
    expect((await asB('PATCH', `/resources/${resourceOfA.id}`, { version: resourceOfA.version, name: 'Taken over' })).status).toBe(404);
    expect((await asB('DELETE', `/resources/${resourceOfA.id}`)).status).toBe(404);
    expect((await asA('GET', `/resources/${resourceOfA.id}`)).json).toEqual(resourceOfA);
    expect((await asB('GET', '/me')).json.resourceTags).toEqual([]);
  });
});

describe("B and A's files", () => {
  it("will not sign a download of A's file for B, nor delete it", async () => {
    expect((await asB('POST', '/files/download-url', { filePath: fileOfA.filePath })).status).toBe(404);
    expect((await asB('POST', '/files/delete', { filePath: fileOfA.filePath })).status).toBe(404);
    // Dressing the path up as one of B's own does not reach A's object either.
    const disguised = `userContent/${userB.userId}/../${userA.userId}/${fileOfA.fileId}`;
    expect((await asB('POST', '/files/download-url', { filePath: disguised })).status).toBe(404);
    const stillThere = (await asA('POST', '/files/download-url', { filePath: fileOfA.filePath })).json;
    expect(new Uint8Array(await (await fetch(String(stillThere.url))).arrayBuffer())).toEqual(bytes);
  });

  it("refuses to attach A's file to B's own resource with 400, so deleting it later cannot delete A's object", async () => {
    const own = (await asB('POST', '/resources', { name: 'B resource', type: 'files' })).json as unknown as Resource;
    const { status, json } = await asB('PATCH', `/resources/${own.id}`, { version: own.version, files: [fileOfA] });
    expect(status).toBe(400);
    expect(json.error?.message).toBe('The file "letter.txt" is not one of your files.');
    // Nothing of the refused change was stored, and deleting B's resource leaves A's object whole and A's to read.
    expect((await asB('GET', `/resources/${own.id}`)).json).toMatchObject({ version: own.version, files: [] });
    expect((await asB('DELETE', `/resources/${own.id}`)).status).toBe(200);
    const { url } = (await asA('POST', '/files/download-url', { filePath: fileOfA.filePath })).json as { url: string };
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(bytes);
  });

  it("signs uploads for B only under B's prefix, whatever file name B sends", async () => {
    for (const fileName of [`../${userA.userId}/${fileOfA.fileId}`, `${fileOfA.fileId}`, '../../etc/passwd']) {
      const { status, json } = await asB('POST', '/files/uploads', { fileName, size: 4 });
      expect(status).toBe(200);
      const { file, uploadUrl } = json as unknown as { file: ResourceFile; uploadUrl: string };
      expect(file.filePath.startsWith(`userContent/${userB.userId}/`)).toBe(true);
      expect(file.filePath.split('/')).toHaveLength(3);
      expect(new URL(uploadUrl).pathname).toContain(`/userContent/${userB.userId}/`);
      expect(uploadUrl).not.toContain(userA.userId);
    }
  });
});
