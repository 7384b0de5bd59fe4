// Nightly backups and restore through the real CLI, API, DynamoDB Local and s3rver: a seeded user backed up, wiped and
// restored gives a byte-equal export; a preview names what changed since; nobody reaches another user's backups.
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BackupSummary, RestorePreview } from '@chartside/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { backupCli, backupObject } from '../harness/backups';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const today = () => new Date().toISOString().slice(0, 10);
const itemsKey = (userId: string, date: string) => `users/${userId}/${date}/items.ndjson.gz`;
const none = { userDocument: 0, resources: 0, patients: 0, timeTracking: 0, chats: 0, admissions: 0, feedSettings: 0 };

const table = () => {
  const { dynamodb, tableName } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string; tableName: string };
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
  return { client, tableName };
};

/** Deletes every record of the user a backup holds (not their login session), as a lost table would. */
const wipe = async (userId: string) => {
  const { client, tableName } = table();
  const { Items = [] } = await client.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }));
  const doomed = Items.filter((item) => /^(USER$|FEEDCONF$|RESOURCE#|PATIENT#|TIMETRACK#|CHAT#|CHATMSG#|ADMISSION#|PART#)/.test(String(item.sk)));
  for (let i = 0; i < doomed.length; i += 25) {
    await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: doomed.slice(i, i + 25).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })) } }));
  }
  return doomed.length;
};

const ok = async <T>(call: Promise<{ status: number; json: unknown; text: string }>): Promise<T> => {
  const { status, json, text } = await call;
  expect(status, text).toBe(200);
  return json as T;
};

/** A user with a bit of everything: settings, two patients with note sections and time tracking, resources, a chat, a file. */
const seed = async (as: Api) => {
  const me = await ok<{ version: number }>(as('GET', '/me'));
  await ok(as('PATCH', '/me', { version: me.version, attendings: ['Dr Backup'] }));
  const patients = [];
  for (const [lastname, firstname] of [['Okafor', 'Adaeze'], ['Lindqvist', 'Erik']]) {
    const patient = await ok<{ id: string; version: number }>(as('POST', '/patients', { lastname, firstname }));
    await ok(as('PATCH', `/patients/${patient.id}`, { version: patient.version, fields: { hpi: { deltaString: `History of ${lastname}` } } }));
    await ok(as('GET', `/patients/${patient.id}`));
    patients.push(patient);
  }
  await ok(as('PUT', `/patients/${patients[0]!.id}/time-tracking`, { steps: [{ id: 'visit', name: 'Visit', time: 42 }], lastActiveStep: 'visit', lastUpdated: new Date().toISOString() }));
  const resources = [];
  for (const name of ['Sepsis bundle', 'Heparin nomogram']) resources.push(await ok<{ id: string; version: number }>(as('POST', '/resources', { name, type: 'text' })));
  const chat = await ok<{ id: string }>(as('POST', '/chats', { id: crypto.randomUUID() }));
  await ok(as('PATCH', `/chats/${chat.id}`, { title: 'Dosing question' }));
  const upload = await ok<{ uploadUrl: string; headers: Record<string, string> }>(as('POST', '/files/uploads', { fileName: 'scan.png', size: 4 }));
  expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array([1, 2, 3, 4]) })).status).toBe(200);
  return { patients, resources, chat };
};

let alice: TestUser;
let asAlice: Api;
let seeded: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  alice = await createUser(runtime);
  asAlice = api(runtime, await signedIn(runtime, alice));
  seeded = await seed(asAlice);
});

describe('backup, wipe, restore', () => {
  it('gives an export byte-equal to the one before, and the records back through the API', async () => {
    const { stdout } = await backupCli(runtime, 'backup', ['--email', alice.email, '--json']);
    const summary = JSON.parse(stdout) as BackupSummary;
    expect(summary).toMatchObject({ backupDate: today(), counts: { userDocument: 1, patients: 2, timeTracking: 1, resources: 2, chats: 1 }, files: { count: 1, bytes: 4 } });
    const first = await backupObject(runtime, itemsKey(alice.userId, today()));
    const lines = gunzipSync(first).toString('utf8').trim().split('\n');
    expect(lines.filter((line) => line.includes('"sk":"PATIENT#')).length).toBe(2);
    expect(lines.some((line) => line.includes('SESSION#'))).toBe(false);
    expect(gunzipSync(await backupObject(runtime, `users/${alice.userId}/${today()}/files.ndjson.gz`)).toString()).toContain(`userContent/${alice.userId}/`);

    const listed = await ok<{ backups: BackupSummary[] }>(asAlice('GET', '/backups'));
    expect(listed.backups[0]).toEqual(summary);

    expect(await wipe(alice.userId)).toBeGreaterThan(7);
    expect((await ok<{ patients: unknown[] }>(asAlice('GET', '/patients'))).patients).toEqual([]);

    const preview = await ok<RestorePreview>(asAlice('GET', `/backups/${today()}/preview`));
    expect(preview).toMatchObject({ add: { userDocument: 1, patients: 2, timeTracking: 1, resources: 2, chats: 1 }, replace: none, replaced: [] });
    // GET /me after the wipe made a fresh user document: the backup's one replaces it.
    const restored = await ok<{ added: unknown; replaced: unknown }>(asAlice('POST', `/backups/${today()}/restore`, { expect: { add: preview.add, replace: preview.replace } }));
    expect(restored).toMatchObject({ added: preview.add });

    await backupCli(runtime, 'backup', ['--email', alice.email]);
    expect((await backupObject(runtime, itemsKey(alice.userId, today()))).equals(first)).toBe(true);
    const patient = await ok<{ fields: Record<string, { deltaString: string }> }>(asAlice('GET', `/patients/${seeded.patients[0]!.id}`));
    expect(patient.fields.hpi?.deltaString).toBe('History of Okafor');
    expect((await ok<{ attendings: string[] }>(asAlice('GET', '/me'))).attendings).toEqual(['Dr Backup']);
  });

  it('previews what changed since the backup by name, replaces it with a newer version, and keeps what is newer', async () => {
    const date = '2026-01-15';
    await backupCli(runtime, 'backup', ['--email', alice.email, '--date', date]);
    const [okafor] = seeded.patients;
    const current = await ok<{ version: number }>(asAlice('GET', `/patients/${okafor!.id}`));
    await ok(asAlice('PATCH', `/patients/${okafor!.id}`, { version: current.version, fields: { hpi: { deltaString: 'Rewritten after the backup' } } }));
    const added = await ok<{ id: string }>(asAlice('POST', '/resources', { name: 'Written after the backup', type: 'text' }));

    const preview = await ok<RestorePreview>(asAlice('GET', `/backups/${date}/preview`));
    expect(preview.add).toEqual(none);
    expect(preview.replace).toEqual({ ...none, patients: 1 });
    expect(preview.keptNewer).toEqual({ ...none, resources: 1 });
    expect(preview.replaced).toEqual([{ kind: 'patients', id: okafor!.id, label: 'Okafor, Adaeze', changedAt: expect.any(String) }]);

    // A restore confirming an older preview (nothing to replace) is refused: the user did not see this change.
    expect((await asAlice('POST', `/backups/${date}/restore`, { expect: { add: none, replace: none } })).status).toBe(409);
    await ok(asAlice('POST', `/backups/${date}/restore`, { expect: { add: preview.add, replace: preview.replace } }));
    const after = await ok<{ version: number; fields: Record<string, { deltaString: string }> }>(asAlice('GET', `/patients/${okafor!.id}`));
    expect(after.fields.hpi?.deltaString).toBe(`History of Okafor`);
    expect(after.version).toBeGreaterThan(current.version + 1);
    expect((await asAlice('GET', `/resources/${added.id}`)).status).toBe(200);
    // Restored, the data matches the backup: a second preview has nothing left to replace.
    expect((await ok<RestorePreview>(asAlice('GET', `/backups/${date}/preview`))).replace).toEqual(none);
  });
});

describe('whose backups', () => {
  it('another user lists none of yours and cannot preview or restore them', async () => {
    const bob = api(runtime, await signedIn(runtime, await createUser(runtime)));
    await backupCli(runtime, 'backup', ['--email', alice.email, '--date', '2026-01-16']);
    expect((await ok<{ backups: unknown[] }>(bob('GET', '/backups'))).backups).toEqual([]);
    expect((await bob('GET', '/backups/2026-01-16/preview')).status).toBe(404);
    expect((await bob('POST', '/backups/2026-01-16/restore', { expect: { add: none, replace: none } })).status).toBe(404);
    expect((await api(runtime)('GET', '/backups')).status).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['a date that is not a date', 'GET', '/backups/2026-02-30/preview', undefined, 400],
    ['a path that is not a date', 'GET', '/backups/..%2Fusers/preview', undefined, 400],
    ['a date with no backup', 'GET', '/backups/2001-01-01/preview', undefined, 404],
    ['a restore without the confirmed counts', 'POST', `/backups/2026-01-15/restore`, {}, 400],
    ['a restore of a date with no backup', 'POST', '/backups/2001-01-01/restore', { expect: { add: none, replace: none } }, 404],
  ])('answers %s with %d', async (_what, method, route, body, want) => {
    const { status, json } = await asAlice(method, route, body);
    expect(status).toBe(want);
    expect(json.error?.message).toBeTruthy();
  });
});

describe('npm run restore', () => {
  it('--dry-run says what it would replace and changes nothing', async () => {
    const date = '2026-01-17';
    await backupCli(runtime, 'backup', ['--email', alice.email, '--date', date]);
    const [, lindqvist] = seeded.patients;
    const current = await ok<{ version: number }>(asAlice('GET', `/patients/${lindqvist!.id}`));
    await ok(asAlice('PATCH', `/patients/${lindqvist!.id}`, { version: current.version, fields: { hpi: { deltaString: 'Changed after' } } }));

    const text = (await backupCli(runtime, 'restore', ['--email', alice.email, '--date', date, '--dry-run'])).stdout;
    expect(text).toContain('replace 1 patients');
    expect(text).toContain('replace patients Lindqvist, Erik');
    expect(text).toContain('Dry run: nothing was changed.');
    expect((await ok<{ fields: Record<string, { deltaString: string }> }>(asAlice('GET', `/patients/${lindqvist!.id}`))).fields.hpi?.deltaString).toBe('Changed after');

    const restored = JSON.parse((await backupCli(runtime, 'restore', ['--email', alice.email, '--date', date, '--json'])).stdout) as { replaced: { patients: number } };
    expect(restored.replaced.patients).toBe(1);
    expect((await ok<{ fields: Record<string, { deltaString: string }> }>(asAlice('GET', `/patients/${lindqvist!.id}`))).fields.hpi?.deltaString).toBe('History of Lindqvist');
  });

  it('refuses bad arguments with a message and exit code 2', async () => {
    await expect(backupCli(runtime, 'restore', ['--date', '2026-01-17'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--email or --user-id/) });
    await expect(backupCli(runtime, 'restore', ['--email', alice.email, '--date', 'yesterday'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/YYYY-MM-DD/) });
    await expect(backupCli(runtime, 'restore', ['--email', alice.email, '--date', '2001-01-01'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/backup of 2001-01-01 was not found/) });
  });
});
