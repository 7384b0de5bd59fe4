// The daily backup of the user document and the feed's unread count, through the real API and DynamoDB Local.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);
const today = () => new Date().toISOString().slice(0, 10);

let alice: TestUser;
let asAlice: Api;

beforeAll(async () => {
  alice = await createUser(runtime);
  asAlice = api(runtime, await signedIn(runtime, alice));
});

describe('POST /api/backups/daily', () => {
  it('copies the stored user document once per date; a second call the same date writes nothing', async () => {
    const { version } = (await asAlice('GET', '/me')).json;
    await asAlice('PATCH', '/me', { version, attendings: ['Dr Backup'] });

    const first = await asAlice('POST', '/backups/daily', { backupDate: today() });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ created: true, backupDate: today(), backupTimestamp: expect.any(String) });
    const stored = await table.get(`USER#${alice.userId}`, `BACKUP#${today()}`);
    expect(stored).toMatchObject({
      backupDate: today(),
      backupTimestamp: first.json.backupTimestamp,
      userId: alice.userId,
      version: '1.0',
      originalData: { userId: alice.userId, email: alice.email, attendings: ['Dr Backup'] },
    });

    const { version: v2 } = (await asAlice('GET', '/me')).json;
    await asAlice('PATCH', '/me', { version: v2, attendings: ['Dr Changed'] });
    const second = await asAlice('POST', '/backups/daily', { backupDate: today() });
    expect(second.json).toEqual({ created: false, backupDate: today(), backupTimestamp: first.json.backupTimestamp });
    expect((await table.get(`USER#${alice.userId}`, `BACKUP#${today()}`))?.originalData).toMatchObject({ attendings: ['Dr Backup'] });
  });

  it.each([
    ['a date that is not a date', { backupDate: '2026-13-45' }],
    ['a date far from today', { backupDate: '2001-01-01' }],
    ['the document itself in the body', { backupDate: today(), originalData: { userId: 'someone' } }],
  ])('refuses %s with 400', async (_what, body) => {
    expect((await asAlice('POST', '/backups/daily', body)).status).toBe(400);
  });
});

describe('GET /api/feed/unread-count', () => {
  it('is 0 without feed items, then counts only unread ones of this user', async () => {
    const user = await createUser(runtime);
    const asUser = api(runtime, await signedIn(runtime, user));
    expect((await asUser('GET', '/feed/unread-count')).json).toEqual({ count: 0 });
    for (let i = 0; i < 5; i += 1) await table.put({ pk: `USER#${user.userId}`, sk: `FEED#item-${i}`, read: i >= 3 });
    await table.put({ pk: `USER#${alice.userId}`, sk: 'FEED#alices', read: false });
    expect((await asUser('GET', '/feed/unread-count')).json).toEqual({ count: 3 });
  });
});
