// The resource library through the real API and DynamoDB Local: CRUD, version checks, tags, and resources far larger
// than one DynamoDB item, stored as a head item plus chunk items.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESOURCE_BYTES, clientIdHeader, type Resource, type ResourceFile, type TextSection } from '@chartside/shared';
import { api, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);

let user: TestUser;
let auth: Auth;
let asUser: Api;

const create = async (body: Record<string, unknown>) => {
  const { status, json } = await asUser('POST', '/resources', body);
  expect(status).toBe(200);
  return json as unknown as Resource;
};

/** A section of about `bytes` bytes of UTF-8 with multi-byte characters in it, so chunk edges fall inside characters. */
const section = (id: string, bytes: number): TextSection => {
  const unit = 'Heart failure é ü 💊 ';
  const text = unit.repeat(Math.ceil(bytes / new TextEncoder().encode(unit).length));
  const now = new Date().toISOString();
  return { id, title: `Section ${id}`, deltaString: JSON.stringify([{ type: 'paragraph', content: text.slice(0, bytes - 200) }]), editing: false, createdAt: now, updatedAt: now };
};

beforeAll(async () => {
  user = await createUser(runtime);
  auth = await signedIn(runtime, user);
  asUser = api(runtime, auth);
});

describe('POST /api/resources', () => {
  it('creates a resource with trimmed fields, normalized tags and defaults, adds new tags to the user, and tells the other tabs', async () => {
    const otherTab = await openSocket(runtime, { ...auth, clientId: 'other-tab' });
    const { status, json } = await asUser(
      'POST',
      '/resources',
      { name: '  Heart failure guideline  ', type: 'guide', description: ' ESC 2023 ', tags: ['heart  failure', 'Cardiology', 'cardiology', ' '] },
      { [clientIdHeader]: 'this-tab' },
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      name: 'Heart failure guideline',
      type: 'guide',
      description: 'ESC 2023',
      link: '',
      tags: ['Heart Failure', 'Cardiology'],
      favorite: false,
      files: [],
      textSections: [],
      article: null,
      version: 1,
      clicks: 0,
    });
    expect(json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await asUser('GET', '/me')).json.resourceTags).toEqual(expect.arrayContaining(['Heart Failure', 'Cardiology']));
    expect(await otherTab.next((m) => m.type === 'resource.updated')).toEqual({ type: 'resource.updated', resourceId: json.id, version: 1 });
    otherTab.close();
  });

  it('refuses a blank name with the form message', async () => {
    const { status, json } = await asUser('POST', '/resources', { name: '   ', type: 'text' });
    expect(status).toBe(400);
    expect(json.error?.message).toContain('Name is required');
  });
});

describe('GET /api/resources and /api/resources/{id}', () => {
  it('lists summaries newest first, without sections or files, and reads one resource whole', async () => {
    const older = await create({ name: 'Older', type: 'text' });
    const newer = await create({ name: 'Newer', type: 'link', link: 'https://example.org/a' });
    const { status, json, text } = await asUser('GET', '/resources');
    expect(status, text).toBe(200);
    const resources = json.resources as Record<string, unknown>[];
    const ids = resources.map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const summary = resources.find((r) => r.id === newer.id)!;
    expect(summary).toMatchObject({ name: 'Newer', type: 'link', link: 'https://example.org/a', fileCount: 0, sectionCount: 0, version: 1 });
    expect(summary).not.toHaveProperty('textSections');
    expect((await asUser('GET', `/resources/${older.id}`)).json).toEqual(older);
  });

  it('answers 404 for an id that does not exist', async () => {
    const { status, json } = await asUser('GET', '/resources/no-such-resource');
    expect(status).toBe(404);
    expect(json.error?.code).toBe('not_found');
  });
});

describe('PATCH /api/resources/{id}', () => {
  it('changes the given fields and bumps the version', async () => {
    const resource = await create({ name: 'Sepsis', type: 'text' });
    const { status, json } = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, favorite: true, textSections: [section('s1', 2_000)] });
    expect(status).toBe(200);
    expect(json).toMatchObject({ name: 'Sepsis', favorite: true, version: 2 });
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toEqual(json);
  });

  it('refuses a write based on an older version with 409 and keeps what is stored', async () => {
    const resource = await create({ name: 'Asthma', type: 'text' });
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: 1, description: 'from this tab' })).status).toBe(200);
    const stale = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, description: 'from a stale tab' });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.code).toBe('version_conflict');
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ description: 'from this tab', version: 2 });
  });

  it("normalizes patched tags and adds new ones to the user's resource tags", async () => {
    const resource = await create({ name: 'Gout', type: 'text' });
    const { json } = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, tags: ['rheumatology clinic', 'Rheumatology Clinic', 'joints'] });
    expect(json.tags).toEqual(['Rheumatology Clinic', 'Joints']);
    expect((await asUser('GET', '/me')).json.resourceTags).toEqual(expect.arrayContaining(['Rheumatology Clinic', 'Joints']));
  });

  it("sees the tag manager's change as a new version: the client's next write with the old one gets 409", async () => {
    const resource = await create({ name: 'Migraine', type: 'text', tags: ['Neuro Tag'] });
    expect((await asUser('POST', '/tags/rename', { kind: 'resource', from: 'Neuro Tag', to: 'Neurology' })).status).toBe(200);
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: 1, favorite: true })).status).toBe(409);
    const fresh = (await asUser('GET', `/resources/${resource.id}`)).json;
    expect(fresh).toMatchObject({ tags: ['Neurology'], version: 2 });
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: 2, favorite: true })).status).toBe(200);
  });

  it('answers 404 for a missing id and 400 for a body that is not a patch', async () => {
    expect((await asUser('PATCH', '/resources/nope', { version: 1, name: 'x' })).status).toBe(404);
    const resource = await create({ name: 'Valid', type: 'text' });
    expect((await asUser('PATCH', `/resources/${resource.id}`, { name: 'no version' })).status).toBe(400);
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: 1, type: 'video' })).status).toBe(400);
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: 1, name: '   ' })).status).toBe(400);
  });
});

describe('files attached to a resource', () => {
  /** Asks for an upload and PUTs the bytes the way the browser does. */
  const upload = async (fileName: string, temp: boolean) => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const { status, json, text } = await asUser('POST', '/files/uploads', { fileName, size: bytes.length, temp });
    expect(status, text).toBe(200);
    const granted = json as unknown as { file: ResourceFile; uploadUrl: string; headers: Record<string, string> };
    expect((await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes })).status).toBe(200);
    return granted.file;
  };

  it('refuses a temporary upload (it expires after a day) with 400 and keeps what is stored, and takes a lasting one', async () => {
    const resource = await create({ name: 'Discharge letters', type: 'files' });
    const temporary = await upload('draft.pdf', true);
    expect(temporary.filePath).toBe(`userContent/${user.userId}/temp/${temporary.fileId}`);

    const refused = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, files: [temporary] });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'bad_request', message: 'Temporary uploads cannot be attached to a resource.' });
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ files: [], version: 1 });

    const lasting = await upload('letter.pdf', false);
    const accepted = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, files: [lasting] });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ files: [lasting], version: 2 });
  });
});

describe('resources larger than one DynamoDB item', () => {
  it('round-trips a 3.6 MB resource through chunk items, and drops stale chunks when it shrinks', async () => {
    const resource = await create({ name: 'Big textbook chapter', type: 'guide' });
    const sections = ['a', 'b', 'c', 'd'].map((id) => section(id, 900_000));
    const { status, json } = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, textSections: sections });
    expect(status).toBe(200);
    const stored = (await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource;
    expect(stored.textSections).toEqual(sections);
    expect(stored.version).toBe(2);

    const pk = `USER#${user.userId}`;
    const head = await table.get(pk, `RESOURCE#${resource.id}`);
    expect(JSON.stringify(head).length).toBeLessThan(10_000);
    expect(head).toMatchObject({ tags: [], version: 2, sectionCount: 4 });
    const chunks = await table.query(pk, `PART#RESOURCE#${resource.id}#`);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(new TextEncoder().encode(String(chunk.data)).length).toBeLessThanOrEqual(350_000);

    const small = await asUser('PATCH', `/resources/${resource.id}`, { version: json.version, textSections: [section('a', 1_000)] });
    expect(small.status).toBe(200);
    expect(await table.query(pk, `PART#RESOURCE#${resource.id}#`)).toHaveLength(1);
    expect(((await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource).textSections).toHaveLength(1);
  });

  it('stores a resource just under the size limit', async () => {
    const resource = await create({ name: 'Right at the limit', type: 'guide' });
    const sections = ['a', 'b', 'c', 'd'].map((id) => section(id, MAX_RESOURCE_BYTES / 4 - 3_000));
    const { status, json, text } = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, textSections: sections });
    expect(status, text.slice(0, 300)).toBe(200);
    expect(new TextEncoder().encode(JSON.stringify(json)).length).toBeGreaterThan(MAX_RESOURCE_BYTES - 20_000);
    expect(((await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource).textSections).toEqual(sections);
  });

  it('refuses a resource over the size limit with 413 and a clear message, and keeps the stored one', async () => {
    const resource = await create({ name: 'Too big', type: 'text' });
    const sections = ['a', 'b', 'c', 'd', 'e'].map((id) => section(id, 900_000));
    const { status, json } = await asUser('PATCH', `/resources/${resource.id}`, { version: 1, textSections: sections });
    expect(status).toBe(413);
    expect(json.error).toMatchObject({ code: 'payload_too_large' });
    expect(json.error?.message).toContain(`at most ${(MAX_RESOURCE_BYTES / 1_000_000).toFixed(1)} MB fit`);
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ version: 1, textSections: [] });
  });
});

describe('DELETE /api/resources/{id}', () => {
  it('deletes the resource and its chunks, tells the other tabs with version null, and then answers 404', async () => {
    const resource = await create({ name: 'Delete me', type: 'text' });
    await asUser('PATCH', `/resources/${resource.id}`, { version: 1, textSections: [section('x', 500_000)] });
    const otherTab = await openSocket(runtime, { ...auth, clientId: 'other-tab' });
    const { status, json } = await asUser('DELETE', `/resources/${resource.id}`);
    expect(status).toBe(200);
    expect(json).toEqual({ deleted: true, filesDeleted: 0 });
    expect(await otherTab.next((m) => m.type === 'resource.updated' && m.version === null)).toEqual({ type: 'resource.updated', resourceId: resource.id, version: null });
    otherTab.close();
    expect((await asUser('GET', `/resources/${resource.id}`)).status).toBe(404);
    expect(await table.query(`USER#${user.userId}`, `PART#RESOURCE#${resource.id}#`)).toHaveLength(0);
    expect((await asUser('DELETE', `/resources/${resource.id}`)).status).toBe(404);
  });
});
