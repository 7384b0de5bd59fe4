// The audit trail of patient data through the real API, DynamoDB Local and the local audit writer: every read, change,
// export, import and delete of patients is recorded with who, when, which patients (one entry per request: a panel view
// is one entry naming all its patients), what, the session and the address; a user reads only their own trail; the API offers no way to change or delete an entry; `npm run audit` prints it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditTrailPage, Patient, RestorePreview } from '@chartside/shared';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { appendAuditEntry } from '@chartside/lambdas/data/audit-trail';
import { localAws } from '../../infra/local/src/settings';
import { api, type Api, type Auth } from '../harness/api';
import { backupCli } from '../harness/backups';
import { patientRecord } from '../harness/patients';
import { quietSdkEnv, repoRoot } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const run = promisify(execFile);
const runtime = sharedRuntime();
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

const auditTable = () => {
  const { dynamodb } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string };
  return documentTable(localAws.auditTableName, { endpoint: dynamodb, region: localAws.region, credentials: localAws.credentials });
};

const auditCli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/local/src/audit-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...quietSdkEnv, PORT: String(runtime.port), DATA_DIR: runtime.dataDir },
  });

const ok = async (as: Api, method: string, url: string, body?: unknown) => {
  const { status, json, text } = await as(method, url, body);
  expect(status, `${method} ${url}: ${text}`).toBe(200);
  return json;
};

/** Every entry of the caller's trail, newest first, read a page of `limit` at a time. */
const wholeTrail = async (as: Api, limit = 50) => {
  const entries: AuditEntryView[] = [];
  let cursor: string | null = null;
  do {
    const page = (await ok(as, 'GET', `/audit?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as unknown as AuditTrailPage;
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
};

const actionsOf = (entries: AuditEntryView[]) => entries.map((e) => [e.action, e.patientIds]);

let alice: TestUser;
let aliceAuth: Auth;
let asAlice: Api;
let kept: Patient;
let removed: Patient;
let imported: Patient;
/** Alice's trail after the actions below, newest first. */
let trail: AuditEntryView[];

beforeAll(async () => {
  alice = await createUser(runtime);
  aliceAuth = await signedIn(runtime, alice);
  asAlice = api(runtime, aliceAuth);
  kept = (await ok(asAlice, 'POST', '/patients', { lastname: 'Kept', firstname: 'Kim' })) as unknown as Patient;
  removed = (await ok(asAlice, 'POST', '/patients', { lastname: 'Removed', firstname: 'Ray' })) as unknown as Patient;
  await ok(asAlice, 'GET', `/patients/${kept.id}`);
  await ok(asAlice, 'PATCH', `/patients/${kept.id}`, { version: kept.version, room: '7A' });
  await ok(asAlice, 'PUT', `/patients/${kept.id}/time-tracking`, { steps: [{ id: 'visit', name: 'Visit', time: 30 }], lastActiveStep: 'visit', lastUpdated: new Date().toISOString() });
  await ok(asAlice, 'GET', `/patients/${kept.id}/time-tracking`);
  await ok(asAlice, 'GET', '/patients/export');
  imported = patientRecord({ lastname: 'Imported', firstname: 'Ines', tags: [] });
  await ok(asAlice, 'POST', '/patients/import', { patients: [imported] });
  await ok(asAlice, 'DELETE', `/patients/${removed.id}`);
  // A request that fails touches no patient and records nothing.
  expect((await asAlice('GET', `/patients/${removed.id}`)).status).toBe(404);
  trail = await wholeTrail(asAlice, 2);
});

describe('audit trail', () => {
  it('records each read, change, export, import and delete, newest first', () => {
    const exported = trail.filter((e) => e.action === 'export');
    expect(exported).toHaveLength(1);
    expect([...exported[0]!.patientIds].sort()).toEqual([kept.id, removed.id].sort());
    const withoutExport = trail.filter((e) => e.action !== 'export');
    expect(actionsOf(withoutExport)).toEqual([
      ['delete', [removed.id]],
      ['import', [imported.id]],
      ['read', [kept.id]],
      ['change', [kept.id]],
      ['change', [kept.id]],
      ['read', [kept.id]],
      ['create', [removed.id]],
      ['create', [kept.id]],
    ]);
    // The export sits between the time tracking read and the import.
    const actions = trail.map((e) => e.action);
    expect(actions.indexOf('import')).toBeLessThan(actions.indexOf('export'));
    expect(actions.lastIndexOf('export')).toBeLessThan(actions.indexOf('read'));
  });

  it('says who, when, from which session and address, with the name of a patient that still exists', () => {
    for (const entry of trail) {
      expect(entry).toMatchObject({ userId: alice.userId, sessionId: aliceAuth.sessionId, clientIp: expect.stringMatching(LOOPBACK) });
      expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - Date.parse(entry.at)).toBeGreaterThanOrEqual(0);
    }
    const times = trail.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const of = (patient: Patient) => trail.filter((e) => e.patientIds.length === 1 && e.patientIds[0] === patient.id);
    expect(of(kept).map((e) => e.patientName)).toEqual(of(kept).map(() => 'Kept, Kim'));
    expect(of(imported).map((e) => e.patientName)).toEqual(['Imported, Ines']);
    expect(of(removed).map((e) => e.patientName)).toEqual([null, null]);
    // An entry of several patients names none of them: Activity counts them.
    expect(trail.find((e) => e.action === 'export')?.patientName).toBeNull();
  });

  it('records the panel list and delete-all as one entry each, naming every patient they touch', async () => {
    const { patients } = (await ok(asAlice, 'GET', '/patients')) as unknown as { patients: Patient[] };
    expect(patients.length).toBeGreaterThan(1);
    await ok(asAlice, 'POST', '/patients/delete-all');
    const [deleted, listed, before] = await wholeTrail(asAlice);
    const ids = patients.map((p) => p.id).sort();
    expect([deleted?.action, [...(deleted?.patientIds ?? [])].sort()]).toEqual(['delete', ids]);
    expect([listed?.action, [...(listed?.patientIds ?? [])].sort()]).toEqual(['list', ids]);
    expect(before?.id).toBe(trail[0]?.id);
  });

  it('keeps each entry six years (the TTL the writer sets)', async () => {
    const [entry] = trail;
    const { Item } = await auditTable().client.send(new GetCommand({ TableName: localAws.auditTableName, Key: { pk: `USER#${alice.userId}`, sk: `${entry!.at}#${entry!.id}` } }));
    const expires = new Date(entry!.at);
    expires.setUTCFullYear(expires.getUTCFullYear() + 6);
    expect(Item?.ttl).toBe(Math.floor(expires.getTime() / 1000));
  });

  it('shows a user only their own trail, whatever they ask for', async () => {
    const bob = await createUser(runtime);
    const asBob = api(runtime, await signedIn(runtime, bob));
    expect((await ok(asBob, 'GET', `/audit?userId=${alice.userId}`)).entries).toEqual([]);
    const own = (await ok(asBob, 'POST', '/patients', { lastname: 'Bobs', firstname: 'Own' })) as unknown as Patient;
    const bobsTrail = await wholeTrail(asBob);
    expect(actionsOf(bobsTrail)).toEqual([['create', [own.id]]]);
    expect(JSON.stringify(bobsTrail)).not.toContain(alice.userId);
    // Alice's cursor names a place in Alice's trail; for Bob it only pages his own.
    const alicesCursor = `${trail[0]!.at}#${trail[0]!.id}`;
    const paged = (await ok(asBob, 'GET', `/audit?cursor=${encodeURIComponent(alicesCursor)}`)) as unknown as AuditTrailPage;
    for (const entry of paged.entries) expect(entry.userId).toBe(bob.userId);
    expect((await api(runtime)('GET', '/audit')).status).toBe(401);
  });

  it('answers a bad page request with 400', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=ten', 'cursor=USER%23someone', `cursor=${'x'.repeat(300)}`]) {
      const { status, json } = await asAlice('GET', `/audit?${query}`);
      expect([query, status, json?.error?.code]).toEqual([query, 400, 'validation_failed']);
    }
  });

  it('offers the API no way to change or delete an entry, and the writer never overwrites one', async () => {
    const doc = (await api(runtime)('GET', '/openapi.json')).json as { paths: Record<string, Record<string, unknown>> };
    const auditRoutes = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/audit')).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    expect(auditRoutes).toEqual(['get /api/audit']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await asAlice(method, '/audit', {})).status).toBe(404);

    // The append the writer makes is conditional: the same key again (a replay, or a forged id) changes nothing.
    const [entry] = trail;
    await appendAuditEntry(auditTable(), { ...entry!, action: 'read', patientIds: ['someone-else'] }, 0);
    expect((await wholeTrail(asAlice)).find((e) => e.id === entry!.id)).toMatchObject({ action: entry!.action, patientIds: entry!.patientIds });
  });

  it('records the patients a restored backup put back', async () => {
    const carol = await createUser(runtime);
    const asCarol = api(runtime, await signedIn(runtime, carol));
    const patient = (await ok(asCarol, 'POST', '/patients', { lastname: 'Backed', firstname: 'Up' })) as unknown as Patient;
    const date = '2026-01-20';
    await backupCli(runtime, 'backup', ['--email', carol.email, '--date', date]);
    await ok(asCarol, 'PATCH', `/patients/${patient.id}`, { version: patient.version, room: 'Changed after the backup' });
    const preview = (await ok(asCarol, 'GET', `/backups/${date}/preview`)) as unknown as RestorePreview;
    await ok(asCarol, 'POST', `/backups/${date}/restore`, { expect: { add: preview.add, replace: preview.replace } });
    expect(actionsOf(await wholeTrail(asCarol))).toEqual([
      ['restore', [patient.id]],
      ['change', [patient.id]],
      ['create', [patient.id]],
    ]);
  });

  it('is printed by `npm run audit -- --email`', async () => {
    const printed = JSON.parse((await auditCli(['--email', alice.email, '--json'])).stdout) as AuditEntryView[];
    expect(printed.map((e) => e.id)).toEqual((await wholeTrail(asAlice)).map((e) => e.id));
    const { stdout } = await auditCli(['--email', alice.email, '--limit', '3']);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    // The newest entry is the delete-all of several patients; one of one deleted patient names its id.
    const newest = printed[0]!;
    expect(lines[0]!.split('\t')).toEqual([newest.at, 'delete', `${newest.patientIds.length} patients`, '(ids with --json)', `session ${aliceAuth.sessionId}`, newest.clientIp]);
    const deletedOne = printed.findIndex((e) => e.action === 'delete' && e.patientIds.length === 1);
    const [line] = (await auditCli(['--email', alice.email, '--limit', String(deletedOne + 1)])).stdout.trim().split('\n').slice(-1);
    expect(line!.split('\t').slice(1, 4)).toEqual(['delete', removed.id, '(deleted)']);
    await expect(auditCli(['--limit', '3'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--email or --user-id/) });
    await expect(auditCli(['--email', 'nobody-here@example.org'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/No user with the email/) });
  });
});
