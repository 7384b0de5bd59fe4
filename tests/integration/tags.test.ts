// The tag manager through the real API. Resources and patients come in later issues: here their items are written
// straight to DynamoDB Local with the shape those issues use (tags and a version).
import { beforeAll, describe, expect, it } from 'vitest';
import { clientIdHeader } from '@chartside/shared';
import { api, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);

const item = (user: TestUser, sk: string, tags: string[], version = 3) => table.put({ pk: `USER#${user.userId}`, sk, tags, version, name: sk });
const tagsOf = async (user: TestUser, sk: string) => (await table.get(`USER#${user.userId}`, sk))?.tags;

let user: TestUser;
let auth: Auth;
let asUser: Api;

const setLists = async (lists: Record<string, string[]>) => {
  const { version } = (await asUser('GET', '/me')).json;
  expect((await asUser('PATCH', '/me', { version, ...lists })).status).toBe(200);
};

beforeAll(async () => {
  user = await createUser(runtime);
  auth = await signedIn(runtime, user);
  asUser = api(runtime, auth);
  await setLists({ resourceTags: ['Cardiology', 'Heart', 'Renal'], patientTags: ['Icu', 'Ward A'], panelTags: ['Icu'], panelTagsSelected: ['Icu'] });
  await item(user, 'RESOURCE#r1', ['Cardiology', 'Heart']);
  await item(user, 'RESOURCE#r2', ['Heart']);
  await item(user, 'RESOURCE#r3', ['Renal', 'Cardiology']);
  await item(user, 'PATIENT#p1', ['Icu']);
  await item(user, 'PATIENT#p2', ['Icu', 'Ward A']);
  // Another user's items never count or change.
  const other = await createUser(runtime);
  await item(other, 'RESOURCE#x', ['Heart', 'Cardiology']);
});

describe('GET /api/tags', () => {
  it("lists the user's resource and patient tags with how many items carry each", async () => {
    const { status, json } = await asUser('GET', '/tags');
    expect(status).toBe(200);
    expect(json).toEqual({
      resource: [
        { tag: 'Cardiology', count: 2 },
        { tag: 'Heart', count: 2 },
        { tag: 'Renal', count: 1 },
      ],
      patient: [
        { tag: 'Icu', count: 2 },
        { tag: 'Ward A', count: 1 },
      ],
    });
  });
});

describe('POST /api/tags/rename', () => {
  it('renames a tag on the user and every item, by the shared rules, bumps item versions, and tells the other tabs', async () => {
    const otherTab = await openSocket(runtime, { ...auth, clientId: 'other-tab' });
    const { status, json } = await asUser('POST', '/tags/rename', { kind: 'resource', from: 'Renal', to: '  nephrology  clinic ' }, { [clientIdHeader]: 'this-tab' });
    expect(status).toBe(200);
    expect(json.itemsChanged).toBe(1);
    expect(await tagsOf(user, 'RESOURCE#r3')).toEqual(['Nephrology Clinic', 'Cardiology']);
    expect((await table.get(`USER#${user.userId}`, 'RESOURCE#r3'))?.version).toBe(4);
    const me = (await asUser('GET', '/me')).json;
    expect(me.resourceTags).toEqual(['Cardiology', 'Heart', 'Nephrology Clinic']);
    expect(await otherTab.next((m) => m.type === 'user.updated')).toEqual({ type: 'user.updated', version: me.version });
    otherTab.close();
  });

  it('merges into an existing tag without duplicates', async () => {
    const { json } = await asUser('POST', '/tags/rename', { kind: 'resource', from: 'Heart', to: 'cardiology' });
    expect(json.itemsChanged).toBe(2);
    expect(await tagsOf(user, 'RESOURCE#r1')).toEqual(['Cardiology']);
    expect(await tagsOf(user, 'RESOURCE#r2')).toEqual(['Cardiology']);
    expect(json.summary).toMatchObject({ resource: [{ tag: 'Cardiology', count: 3 }, { tag: 'Nephrology Clinic', count: 1 }] });
  });

  it('renames a patient tag in the panel lists too', async () => {
    const { json } = await asUser('POST', '/tags/rename', { kind: 'patient', from: 'Icu', to: 'Micu' });
    expect(json.itemsChanged).toBe(2);
    expect(await tagsOf(user, 'PATIENT#p2')).toEqual(['Micu', 'Ward A']);
    expect((await asUser('GET', '/me')).json).toMatchObject({ patientTags: ['Micu', 'Ward A'], panelTags: ['Micu'], panelTagsSelected: ['Micu'] });
  });

  it('answers a tag nobody uses with 404', async () => {
    expect((await asUser('POST', '/tags/rename', { kind: 'resource', from: 'Nowhere', to: 'Somewhere' })).status).toBe(404);
  });

  it("writes each item from the version it has, bumping it and keeping the item's other fields", async () => {
    await item(user, 'RESOURCE#busy', ['Cardiology'], 7);
    const { json } = await asUser('POST', '/tags/rename', { kind: 'resource', from: 'Cardiology', to: 'Cardio' });
    expect(json.itemsChanged).toBe(4);
    expect(await table.get(`USER#${user.userId}`, 'RESOURCE#busy')).toMatchObject({ tags: ['Cardio'], version: 8, name: 'RESOURCE#busy' });
  });
});

describe('POST /api/tags/delete', () => {
  it('removes a tag from the user and every item carrying it', async () => {
    const { status, json } = await asUser('POST', '/tags/delete', { kind: 'patient', tag: 'Ward A' });
    expect(status).toBe(200);
    expect(json.itemsChanged).toBe(1);
    expect(await tagsOf(user, 'PATIENT#p2')).toEqual(['Micu']);
    expect(json.summary).toMatchObject({ patient: [{ tag: 'Micu', count: 2 }] });
  });

  it.each([
    ['an unknown kind', { kind: 'note', tag: 'X' }],
    ['an empty tag', { kind: 'resource', tag: '   ' }],
    ['a tag over the length limit', { kind: 'resource', tag: 'x'.repeat(201) }],
  ])('refuses %s with 400', async (_what, body) => {
    expect((await asUser('POST', '/tags/delete', body)).status).toBe(400);
  });
});
