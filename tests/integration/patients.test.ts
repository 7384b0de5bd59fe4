// The patient panel through the real API and DynamoDB Local: CRUD, version checks, section-wise patches, patients far
// larger than one DynamoDB item, tags, delete-all, export and import, time tracking, and the live push to other tabs.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PATIENT_BYTES,
  PANEL_EXPORT_FORMAT,
  PANEL_EXPORT_VERSION,
  clientIdHeader,
  timeTrackingSteps,
  type PanelExport,
  type Patient,
  type TimeTracking,
} from '@chartside/shared';
import { api, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { noteSection, patientRecord, task } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);

let user: TestUser;
let auth: Auth;
let asUser: Api;

/** A user of their own, for the tests that delete or import the whole panel. */
const freshUser = async () => {
  const created = await createUser(runtime);
  const session = await signedIn(runtime, created);
  return { user: created, auth: session, as: api(runtime, session) };
};

const createWith = async (as: Api, body: Record<string, unknown>) => {
  const { status, json, text } = await as('POST', '/patients', body);
  expect(status, text).toBe(200);
  return json as unknown as Patient;
};
const create = (body: Record<string, unknown> = { lastname: 'Nguyen', firstname: 'Linh' }) => createWith(asUser, body);

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

beforeAll(async () => {
  user = await createUser(runtime);
  auth = await signedIn(runtime, user);
  asUser = api(runtime, auth);
});

describe('POST /api/patients', () => {
  it('creates a patient with trimmed names, normalized tags and defaults, adds new tags to the user, and records the session', async () => {
    const { status, json, text } = await asUser('POST', '/patients', {
      lastname: '  Okafor ',
      firstname: ' Adaeze',
      dob: '1956-03-14',
      room: '4B-12',
      tags: ['ward  a', 'Ward A', 'micu', ' '],
    });
    expect(status, text).toBe(200);
    expect(json).toMatchObject({
      lastname: 'Okafor',
      firstname: 'Adaeze',
      dob: '1956-03-14',
      mrn: '',
      room: '4B-12',
      appointment: '',
      oneliner: '',
      notes: '',
      tags: ['Ward A', 'Micu'],
      tasks: [],
      fields: {},
      version: 1,
      lastSessionId: auth.sessionId,
    });
    expect(json.id).toMatch(/^[0-9a-f-]{36}$/);
    // The user document is new and inpatient by default, so the new patient shows the inpatient sections.
    expect(json.visibleFields).toEqual(expect.arrayContaining(['assessment', 'vitals']));
    expect((await asUser('GET', '/me')).json.patientTags).toEqual(expect.arrayContaining(['Ward A', 'Micu']));
  });

  it('refuses a body that is not a new patient with 400', async () => {
    expect((await asUser('POST', '/patients', { firstname: 'No last name key' })).status).toBe(400);
    expect((await asUser('POST', '/patients', { lastname: 'X', firstname: 'Y', dob: '14/03/1956' })).status).toBe(400);
    expect((await asUser('POST', '/patients', { lastname: 'X', firstname: 'Y', version: 4 })).status).toBe(400);
  });
});

describe('GET /api/patients and /api/patients/{id}', () => {
  it('lists summaries without note sections, notes or done tasks, and reads one patient whole', async () => {
    const patient = await create({ lastname: 'Listed', firstname: 'Patient' });
    const now = new Date().toISOString();
    const open = task('Place RTC', now, { dueDate: now });
    const tasks = [task('Sign Note', now, { completed: true }), open];
    const patched = { tasks, notes: 'Call daughter re: discharge', fields: { events: noteSection(5_000) } };
    const written = (await asUser('PATCH', `/patients/${patient.id}`, { version: 1, ...patched })).json;
    const { status, json } = await asUser('GET', '/patients');
    expect(status).toBe(200);
    const summary = (json.patients as Record<string, unknown>[]).find((p) => p.id === patient.id)!;
    expect(summary).toMatchObject({ lastname: 'Listed', firstname: 'Patient', version: 2, visibleFields: patient.visibleFields, tasks: [open] });
    expect(summary).not.toHaveProperty('fields');
    expect(summary).not.toHaveProperty('notes');
    expect((await asUser('GET', `/patients/${patient.id}`)).json).toEqual({ ...patient, ...patched, ...written });
  });

  it('lists every patient once, in the order they were added, whatever their ids (the list reads its keys in ranges)', async () => {
    const { as } = await freshUser();
    // The ranges start at '4', '8' and 'c'; imported ids may be any of letters, digits, '-' and '_'.
    const ids = ['4', '8', 'c', '0', '3zz', '4_', '7-', 'C', 'Z', 'bzz', 'czz', 'f', 'z', 'zz', '-', '_', 'A4', crypto.randomUUID()];
    const patients = ids.map((id, i) => patientRecord({ id, lastname: `Ranged ${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
    expect((await as('POST', '/patients/import', { patients })).status).toBe(200);
    const listed = (await as('GET', '/patients')).json.patients as { id: string }[];
    expect(listed.map((patient) => patient.id)).toEqual(ids);
  });

  it('answers 404 for an id that does not exist', async () => {
    const { status, json } = await asUser('GET', '/patients/no-such-patient');
    expect(status).toBe(404);
    expect(json.error?.code).toBe('not_found');
  });
});

describe('PATCH /api/patients/{id}', () => {
  it('answers what the write set (the new version, the session, the time), not the patient', async () => {
    const patient = await create();
    const { status, json } = await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields: { events: noteSection(20_000) } });
    expect(status).toBe(200);
    const stored = (await asUser('GET', `/patients/${patient.id}`)).json as unknown as Patient;
    expect(json).toEqual({ version: 2, lastSessionId: stored.lastSessionId, updatedAt: stored.updatedAt });
  });

  it('refuses a write based on an older version with 409 and keeps what is stored', async () => {
    const patient = await create();
    expect((await asUser('PATCH', `/patients/${patient.id}`, { version: 1, room: '5C-01' })).status).toBe(200);
    const stale = await asUser('PATCH', `/patients/${patient.id}`, { version: 1, room: 'from a stale tab' });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.code).toBe('version_conflict');
    expect((await asUser('GET', `/patients/${patient.id}`)).json).toMatchObject({ room: '5C-01', version: 2 });
  });

  it('replaces only the sections `fields` names, keeping the others', async () => {
    const patient = await create();
    const events = noteSection(1_000);
    const labs = { ...noteSection(1_500, 2), data: { panels: [{ name: 'BMP', values: { na: 134 } }] } };
    const first = (await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields: { events, labs } })).json as unknown as Patient;
    const newerEvents = noteSection(800, 3);
    const { status, json } = await asUser('PATCH', `/patients/${patient.id}`, { version: first.version, fields: { events: newerEvents } });
    expect(status).toBe(200);
    expect(json.version).toBe(3);
    expect(((await asUser('GET', `/patients/${patient.id}`)).json as unknown as Patient).fields).toEqual({ events: newerEvents, labs });
  });

  it('keeps tasks, one-liner and the other fields as sent, and records the writing session', async () => {
    const patient = await create();
    const now = new Date().toISOString();
    const tasks = [task('Place RTC', now, { dueDate: now, priority: 1 }), task('Sign Note', now, { completed: true })];
    const other = await signedIn(runtime, user);
    const { status, json } = await api(runtime, other)('PATCH', `/patients/${patient.id}`, { version: 1, tasks, primarydx: 'CHF exacerbation', lastname: 'Nguyen ' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ lastSessionId: other.sessionId, version: 2 });
    expect((await asUser('GET', `/patients/${patient.id}`)).json).toMatchObject({ tasks, primarydx: 'CHF exacerbation', lastname: 'Nguyen ', lastSessionId: other.sessionId, version: 2 });
  });

  it("normalizes patched tags and adds new ones to the user's patient tags", async () => {
    const patient = await create();
    await asUser('PATCH', `/patients/${patient.id}`, { version: 1, tags: ['step down', 'Step Down', 'telemetry'] });
    expect((await asUser('GET', `/patients/${patient.id}`)).json.tags).toEqual(['Step Down', 'Telemetry']);
    expect((await asUser('GET', '/me')).json.patientTags).toEqual(expect.arrayContaining(['Step Down', 'Telemetry']));
  });

  it("sees the tag manager's change as a new version: the client's next write with the old one gets 409", async () => {
    const patient = await create({ lastname: 'Tagged', firstname: 'Patient', tags: ['Old Unit'] });
    await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields: { vitals: noteSection(2_000) } });
    expect((await asUser('POST', '/tags/rename', { kind: 'patient', from: 'Old Unit', to: 'New Unit' })).status).toBe(200);
    expect((await asUser('PATCH', `/patients/${patient.id}`, { version: 2, room: '1A' })).status).toBe(409);
    const fresh = (await asUser('GET', `/patients/${patient.id}`)).json as unknown as Patient;
    expect(fresh).toMatchObject({ tags: ['New Unit'], version: 3 });
    expect(Object.keys(fresh.fields)).toEqual(['vitals']);
    expect((await asUser('PATCH', `/patients/${patient.id}`, { version: 3, room: '1A' })).status).toBe(200);
  });

  it('answers 404 for a missing id and 400 for a body that is not a patch', async () => {
    expect((await asUser('PATCH', '/patients/nope', { version: 1, room: 'x' })).status).toBe(404);
    const patient = await create();
    expect((await asUser('PATCH', `/patients/${patient.id}`, { room: 'no version' })).status).toBe(400);
    expect((await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields: { notASection: noteSection(10) } })).status).toBe(400);
    expect((await asUser('PATCH', `/patients/${patient.id}`, { version: 1, id: 'another-id' })).status).toBe(400);
  });
});

describe('patients larger than one DynamoDB item', () => {
  it('saves and loads 1 MB of note text across sections, stored as a small head plus chunk items', async () => {
    const patient = await create({ lastname: 'Long', firstname: 'Stay' });
    const fields = { events: noteSection(400_000), exam: noteSection(250_000, 1), labs: noteSection(250_000, 2), assessment: noteSection(200_000, 4) };
    const notes = JSON.stringify(noteSection(60_000, 5));
    const { status, json, text } = await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields, notes });
    expect(status, text.slice(0, 300)).toBe(200);
    expect(bytesOf({ fields, notes })).toBeGreaterThan(1_000_000);
    const stored = (await asUser('GET', `/patients/${patient.id}`)).json as unknown as Patient;
    expect(stored).toMatchObject({ ...json, fields, notes });

    const pk = `USER#${user.userId}`;
    const head = await table.get(pk, `PATIENT#${patient.id}`);
    expect(JSON.stringify(head).length).toBeLessThan(10_000);
    expect(head).toMatchObject({ tags: [], version: 2 });
    const chunks = await table.query(pk, `PART#PATIENT#${patient.id}#`);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) expect(new TextEncoder().encode(String(chunk.data)).length).toBeLessThanOrEqual(350_000);

    // An autosave that shrinks one section and empties the notes rewrites only those parts; their surplus items go.
    const small = await asUser('PATCH', `/patients/${patient.id}`, { version: 2, fields: { events: noteSection(100) }, notes: '' });
    expect(small.status).toBe(200);
    const smaller = (await asUser('GET', `/patients/${patient.id}`)).json as unknown as Patient;
    expect(smaller.fields.exam).toEqual(fields.exam);
    expect((await table.query(pk, `PART#PATIENT#${patient.id}#`)).length).toBeLessThan(chunks.length);
  });

  it('refuses a patient over the size limit with 413 and a clear message, and keeps the stored one', async () => {
    const patient = await create({ lastname: 'Too', firstname: 'Big' });
    const fields = Object.fromEntries(['events', 'exam', 'labs', 'imaging', 'assessment'].map((section, i) => [section, noteSection(900_000, i)]));
    const { status, json } = await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields });
    expect(status).toBe(413);
    expect(json.error?.code).toBe('payload_too_large');
    expect(json.error?.message).toContain(`Too, Big would take`);
    expect(json.error?.message).toContain(`at most ${(MAX_PATIENT_BYTES / 1_000_000).toFixed(1)} MB fit`);
    expect((await asUser('GET', `/patients/${patient.id}`)).json).toMatchObject({ version: 1, fields: {} });
  });
});

describe('DELETE /api/patients/{id} and POST /api/patients/delete-all', () => {
  it('deletes the patient, its chunks and its time tracking, and then answers 404', async () => {
    const patient = await create();
    await asUser('PATCH', `/patients/${patient.id}`, { version: 1, fields: { events: noteSection(500_000) } });
    const tracking: TimeTracking = { steps: timeTrackingSteps.map(({ id, name }) => ({ id, name, time: 12 })), lastActiveStep: 'visit', lastUpdated: new Date().toISOString() };
    expect((await asUser('PUT', `/patients/${patient.id}/time-tracking`, tracking)).status).toBe(200);
    const { status, json } = await asUser('DELETE', `/patients/${patient.id}`);
    expect(status).toBe(200);
    expect(json).toEqual({ deleted: 1 });
    expect((await asUser('GET', `/patients/${patient.id}`)).status).toBe(404);
    const pk = `USER#${user.userId}`;
    expect(await table.query(pk, `PART#PATIENT#${patient.id}#`)).toHaveLength(0);
    expect(await table.get(pk, `TIMETRACK#${patient.id}`)).toBeUndefined();
    expect((await asUser('DELETE', `/patients/${patient.id}`)).status).toBe(404);
  });

  it("deletes every patient of the user with their bodies and time tracking, and nothing else of the user's", async () => {
    const own = await freshUser();
    const resource = (await own.as('POST', '/resources', { name: 'Kept resource', type: 'text' })).json;
    const patients = await Promise.all(Array.from({ length: 30 }, (_, i) => createWith(own.as, { lastname: `Patient ${i}`, firstname: 'Delete' })));
    await own.as('PATCH', `/patients/${patients[0]!.id}`, { version: 1, fields: { events: noteSection(400_000) } });
    await own.as('PUT', `/patients/${patients[1]!.id}/time-tracking`, { steps: [], lastActiveStep: null, lastUpdated: new Date().toISOString() });
    const { status, json } = await own.as('POST', '/patients/delete-all');
    expect(status).toBe(200);
    expect(json).toEqual({ deleted: 30 });
    expect((await own.as('GET', '/patients')).json).toEqual({ patients: [] });
    const pk = `USER#${own.user.userId}`;
    for (const prefix of ['PATIENT#', 'PART#PATIENT#', 'TIMETRACK#']) expect(await table.query(pk, prefix)).toHaveLength(0);
    expect((await own.as('GET', `/resources/${String(resource.id)}`)).status).toBe(200);
    expect((await own.as('POST', '/patients/delete-all')).json).toEqual({ deleted: 0 });
  });
});

describe('export and import', () => {
  it('exports whole patients in the versioned file, and an import of it updates existing patients and creates new ones', async () => {
    const own = await freshUser();
    const kept = await createWith(own.as, { lastname: 'Kept', firstname: 'Patient', tags: ['Ward A'] });
    const changed = await createWith(own.as, { lastname: 'Changed', firstname: 'Patient' });
    await own.as('PATCH', `/patients/${changed.id}`, { version: 1, fields: { events: noteSection(120_000) }, notes: 'Before export' });
    const { status, json } = await own.as('GET', '/patients/export');
    expect(status).toBe(200);
    const file = json as unknown as PanelExport;
    expect(file).toMatchObject({ format: PANEL_EXPORT_FORMAT, version: PANEL_EXPORT_VERSION });
    expect(file.patients.map((p) => p.id).sort()).toEqual([kept.id, changed.id].sort());
    const exportedChanged = file.patients.find((p) => p.id === changed.id)!;
    expect(exportedChanged.fields.events).toEqual(noteSection(120_000));

    // After the export, the stored copy moves on; the import brings the exported one back, plus one the user never had.
    await own.as('PATCH', `/patients/${changed.id}`, { version: 2, notes: 'After export' });
    const brandNew = patientRecord({ lastname: 'Imported', tags: ['from file'] });
    const imported = await own.as('POST', '/patients/import', { patients: [exportedChanged, brandNew] });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toEqual({ created: 1, updated: 1 });

    const restored = (await own.as('GET', `/patients/${changed.id}`)).json as unknown as Patient;
    expect(restored).toMatchObject({ notes: 'Before export', fields: exportedChanged.fields, version: 4, lastSessionId: own.auth.sessionId });
    const created = (await own.as('GET', `/patients/${brandNew.id}`)).json as unknown as Patient;
    const { version: _v, lastSessionId: _s, updatedAt: _u, tags: _t, ...sameAsFile } = brandNew;
    expect(created).toMatchObject({ ...sameAsFile, tags: ['From File'], version: 1 });
    expect((await own.as('GET', '/patients')).json.patients).toHaveLength(3);
    expect((await own.as('GET', '/me')).json.patientTags).toEqual(expect.arrayContaining(['Ward A', 'From File']));

    // A round trip of the whole panel changes no content.
    const again = (await own.as('GET', '/patients/export')).json as unknown as PanelExport;
    expect((await own.as('POST', '/patients/import', { patients: again.patients })).json).toEqual({ created: 0, updated: 3 });
    const after = (await own.as('GET', '/patients/export')).json as unknown as PanelExport;
    const content = (p: Patient) => ({ ...p, version: 0, updatedAt: '', lastSessionId: '' });
    expect(after.patients.map(content)).toEqual(again.patients.map(content));
  });

  it('refuses a file with one invalid patient among good ones with 400 naming it, and writes nothing', async () => {
    const own = await freshUser();
    const existing = await createWith(own.as, { lastname: 'Existing', firstname: 'Patient' });
    const good = [patientRecord(), { ...patientRecord(), id: existing.id, lastname: 'Overwritten' }];
    const bad = { ...patientRecord(), dob: 'yesterday' };
    const { status, json } = await own.as('POST', '/patients/import', { patients: [...good, bad] });
    expect(status).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
    expect(JSON.stringify(json.error)).toContain('dob');
    expect((await own.as('GET', '/patients')).json.patients).toHaveLength(1);
    expect((await own.as('GET', `/patients/${existing.id}`)).json).toMatchObject({ lastname: 'Existing', version: 1 });
    expect(await table.query(`USER#${own.user.userId}`, 'PART#PATIENT#')).toHaveLength(1);
  });

  it('refuses duplicate ids, ids that are not plain, and a patient over the size limit, writing nothing', async () => {
    const own = await freshUser();
    const twice = patientRecord();
    const duplicate = await own.as('POST', '/patients/import', { patients: [twice, { ...twice, lastname: 'Other' }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.error?.message).toBe(`The file lists the patient ${twice.id} twice; nothing was imported.`);
    for (const id of ['', 'a#b', '../x', 'x'.repeat(101)]) {
      expect((await own.as('POST', '/patients/import', { patients: [patientRecord({ id })] })).status).toBe(400);
    }
    const huge = patientRecord({ lastname: 'Huge', fields: Object.fromEntries(['events', 'exam', 'labs', 'imaging'].map((s, i) => [s, noteSection(950_000, i)])) });
    const tooBig = await own.as('POST', '/patients/import', { patients: [patientRecord(), huge] });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error?.message).toContain('Huge, Adaeze would take');
    expect((await own.as('GET', '/patients')).json.patients).toEqual([]);
    expect((await own.as('POST', '/patients/import', { patients: [] })).status).toBe(400);
  });
});

describe('time tracking', () => {
  it('reads a new record with every step at zero, saves one, and reads it back', async () => {
    const patient = await create();
    const { status, json } = await asUser('GET', `/patients/${patient.id}/time-tracking`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ steps: timeTrackingSteps.map(({ id, name }) => ({ id, name, time: 0 })), lastActiveStep: null });
    const saved: TimeTracking = {
      steps: timeTrackingSteps.map(({ id, name }, i) => ({ id, name, time: i * 60 + 7 })),
      lastActiveStep: 'precepting',
      lastUpdated: new Date().toISOString(),
    };
    expect((await asUser('PUT', `/patients/${patient.id}/time-tracking`, saved)).json).toEqual(saved);
    expect((await asUser('GET', `/patients/${patient.id}/time-tracking`)).json).toEqual(saved);
    // Saving time does not change the patient's version, so it never conflicts with an autosave.
    expect((await asUser('GET', `/patients/${patient.id}`)).json).toMatchObject({ version: 1 });
  });

  it('answers 404 for a patient that does not exist and 400 for a record that is not one', async () => {
    const record = { steps: [], lastActiveStep: null, lastUpdated: new Date().toISOString() };
    expect((await asUser('GET', '/patients/nope/time-tracking')).status).toBe(404);
    expect((await asUser('PUT', '/patients/nope/time-tracking', record)).status).toBe(404);
    expect(await table.get(`USER#${user.userId}`, 'TIMETRACK#nope')).toBeUndefined();
    const patient = await create();
    expect((await asUser('PUT', `/patients/${patient.id}/time-tracking`, { ...record, lastActiveStep: 'lunch' })).status).toBe(400);
    expect((await asUser('PUT', `/patients/${patient.id}/time-tracking`, { ...record, steps: [{ id: 'visit', name: 'Visit', time: -1 }] })).status).toBe(400);
  });
});

describe('live updates', () => {
  it("push patient.updated to the user's other tabs, not to the tab that wrote, and version null on delete", async () => {
    const writer = await openSocket(runtime, { ...auth, clientId: 'patient-writer' });
    const otherDevice = await openSocket(runtime, { ...auth, clientId: 'patient-other' });
    const fromWriter = { [clientIdHeader]: 'patient-writer' };
    const created = (await asUser('POST', '/patients', { lastname: 'Live', firstname: 'Edit' }, fromWriter)).json as unknown as Patient;
    expect(await otherDevice.next((m) => m.type === 'patient.updated' && m.patientId === created.id)).toEqual({ type: 'patient.updated', patientId: created.id, version: 1 });
    await asUser('PATCH', `/patients/${created.id}`, { version: 1, fields: { events: noteSection(300) } }, fromWriter);
    expect(await otherDevice.next((m) => m.type === 'patient.updated' && m.version === 2)).toEqual({ type: 'patient.updated', patientId: created.id, version: 2 });
    // The other device's own write reaches the writer: the first event the writer hears is that one, not its own.
    await asUser('PATCH', `/patients/${created.id}`, { version: 2, room: '7' }, { [clientIdHeader]: 'patient-other' });
    expect(await writer.next((m) => m.type === 'patient.updated')).toEqual({ type: 'patient.updated', patientId: created.id, version: 3 });
    await asUser('DELETE', `/patients/${created.id}`, undefined, fromWriter);
    expect(await otherDevice.next((m) => m.type === 'patient.updated' && m.version === null)).toEqual({ type: 'patient.updated', patientId: created.id, version: null });
    expect(writer.messages.filter((m) => (m as { type?: string }).type === 'patient.updated')).toEqual([{ type: 'patient.updated', patientId: created.id, version: 3 }]);
    writer.close();
    otherDevice.close();
  });
});
