// How a patient lies in DynamoDB Local, through the real API: a small head, each note section as its own part, and the
// notes as the `body` part (one item each, or several when a part is over one item's size), so an autosave rewrites only
// what it changed.
// Each part item carries the patient version that wrote it, which is how these tests see what a save touched.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Patient, PatientWritten } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { noteSection, patientRecord } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);

let user: TestUser;
let asUser: Api;
let pk: string;

/** The part items of a patient: sort key -> the version that wrote it. */
const partVersions = async (patientId: string) =>
  Object.fromEntries((await table.query(pk, `PART#PATIENT#${patientId}#`)).map((item) => [String(item.sk).slice(`PART#PATIENT#${patientId}#`.length), item.version]));

/** The PATCH's answer: what the write set (the new version). */
const patch = async (patientId: string, body: Record<string, unknown>) => {
  const { status, json, text } = await asUser('PATCH', `/patients/${patientId}`, body);
  expect(status, text.slice(0, 300)).toBe(200);
  return json as unknown as PatientWritten;
};
const read = async (patientId: string) => (await asUser('GET', `/patients/${patientId}`)).json as unknown as Patient;

const bytes = (text: string) => new TextEncoder().encode(text).length;

beforeAll(async () => {
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  pk = `USER#${user.userId}`;
});

const create = async () => (await asUser('POST', '/patients', { lastname: 'Stored', firstname: 'Patient' })).json as unknown as Patient;

describe('the stored layout of a patient', () => {
  it('keeps 1 MB of notes as one part per section plus the notes, and reads it back whole and in order', async () => {
    const patient = await create();
    const fields = { vitals: noteSection(1_000), events: noteSection(300_000, 1), exam: noteSection(300_000, 2), assessment: noteSection(300_000, 3) };
    const notes = JSON.stringify(noteSection(150_000, 4));
    const saved = await patch(patient.id, { version: 1, fields, notes });
    expect(bytes(JSON.stringify({ fields, notes }))).toBeGreaterThan(1_000_000);

    expect(await partVersions(patient.id)).toEqual({
      'fields.vitals#0000': 2,
      'fields.events#0000': 2,
      'fields.exam#0000': 2,
      'fields.assessment#0000': 2,
      'body#0000': 2,
    });
    const head = await table.get(pk, `PATIENT#${patient.id}`);
    expect(JSON.stringify(head).length).toBeLessThan(10_000);
    expect(head).toMatchObject({ version: 2, partCount: 5 });
    expect(head).not.toHaveProperty('fields');
    expect(head).not.toHaveProperty('notes');

    const stored = await read(patient.id);
    expect(stored).toMatchObject({ ...saved, fields, notes });
    expect(Object.keys(stored.fields)).toEqual(['vitals', 'events', 'exam', 'assessment']);
  });

  it('splits a section over 400 KB across several items, and drops the extra ones when it shrinks', async () => {
    const patient = await create();
    const events = noteSection(900_000, 5);
    await patch(patient.id, { version: 1, fields: { events, labs: noteSection(2_000) } });
    const items = await table.query(pk, `PART#PATIENT#${patient.id}#fields.events#`);
    expect(items).toHaveLength(3);
    for (const item of items) expect(bytes(String(item.data))).toBeLessThanOrEqual(350_000);
    expect((await read(patient.id)).fields.events).toEqual(events);

    const shorter = noteSection(500, 6);
    await patch(patient.id, { version: 2, fields: { events: shorter } });
    // The notes ('' since the patient was created) are the `body` part, written by the first version.
    expect(await partVersions(patient.id)).toEqual({ 'fields.events#0000': 3, 'fields.labs#0000': 2, 'body#0000': 1 });
    expect((await read(patient.id)).fields).toEqual({ events: shorter, labs: noteSection(2_000) });
  });

  it('rewrites only the section a save changes; a save of other fields or of equal content rewrites none', async () => {
    const patient = await create();
    const sections = ['events', 'vitals', 'exam', 'labs', 'imaging', 'assessment'] as const;
    const fields = Object.fromEntries(sections.map((section, i) => [section, noteSection(20_000, i)]));
    await patch(patient.id, { version: 1, fields, notes: 'Call daughter' });
    const written = await partVersions(patient.id);
    expect(Object.values(written)).toEqual(Array.from({ length: 7 }, () => 2));

    const exam = noteSection(21_000, 9);
    await patch(patient.id, { version: 2, fields: { exam } });
    expect(await partVersions(patient.id)).toEqual({ ...written, 'fields.exam#0000': 3 });

    await patch(patient.id, { version: 3, room: '7B-02', fields: { labs: fields.labs } });
    await patch(patient.id, { version: 4, notes: 'Call daughter at 5' });
    expect(await partVersions(patient.id)).toEqual({ ...written, 'fields.exam#0000': 3, 'body#0000': 5 });
    expect(await read(patient.id)).toMatchObject({ version: 5, room: '7B-02', notes: 'Call daughter at 5', fields: { ...fields, exam } });
  });

  it('never reads a patient half written: reads racing saves see both sections of one save', async () => {
    const patient = await create();
    // Each save writes two sections that name the same run, the events one large enough to take a while.
    const pair = (run: number) => ({ events: noteSection(60_000 + run, run), exam: { deltaString: `run ${run}`, expanded: true } });
    let saving = true;
    const saves = (async () => {
      let version = 1;
      for (let run = 0; run < 12; run += 1) version = (await patch(patient.id, { version, fields: pair(run) })).version;
      saving = false;
    })();
    const reader = async () => {
      const runs: number[] = [];
      while (saving) {
        const { status, json } = await asUser('GET', `/patients/${patient.id}`);
        // 503 only when every retry met a save landing; a 200 is always whole.
        expect([200, 503]).toContain(status);
        const { fields } = json as unknown as Patient;
        if (status !== 200 || !fields.exam) continue;
        const run = Number(fields.exam.deltaString.slice('run '.length));
        expect(fields.events).toEqual(pair(run).events);
        runs.push(run);
      }
      return runs;
    };
    const [, ...seen] = await Promise.all([saves, reader(), reader(), reader()]);
    expect(new Set(seen.flat()).size).toBeGreaterThan(1);
  });

  it('an import replaces every part: sections the file lacks are gone, and deleting the patient leaves no part behind', async () => {
    const patient = await create();
    await patch(patient.id, { version: 1, fields: { events: noteSection(400_000), exam: noteSection(1_000) } });
    const fromFile = patientRecord({ id: patient.id, lastname: 'Stored', fields: { vitals: noteSection(3_000, 1) }, notes: 'From the file' });
    const imported = await asUser('POST', '/patients/import', { patients: [fromFile] });
    expect(imported.status, imported.text).toBe(200);
    expect(await partVersions(patient.id)).toEqual({ 'fields.vitals#0000': 3, 'body#0000': 3 });
    expect(await read(patient.id)).toMatchObject({ fields: fromFile.fields, notes: 'From the file', version: 3 });

    expect((await asUser('DELETE', `/patients/${patient.id}`)).status).toBe(200);
    expect(await table.query(pk, `PART#PATIENT#${patient.id}#`)).toHaveLength(0);
  });

  it("records each part's size, and counts the parts a save does not read toward the size limit", async () => {
    const patient = await create();
    const big = (seed: number) => noteSection(900_000, seed);
    let version = 1;
    for (const fields of [{ events: big(1), exam: big(2) }, { labs: big(3) }, { imaging: big(4) }]) version = (await patch(patient.id, { version, fields })).version;
    const { bodyParts } = (await table.get(pk, `PATIENT#${patient.id}`)) as { bodyParts: { name: string; bytes: number }[] };
    const stored = await read(patient.id);
    expect(bodyParts.map(({ name, bytes: size }) => [name, size])).toEqual([
      ['body', bytes(JSON.stringify({ notes: '' }))],
      ...(['events', 'exam', 'labs', 'imaging'] as const).map((section) => [`fields.${section}`, bytes(JSON.stringify(stored.fields[section]))]),
    ]);

    // 3.6 MB stored; a save of the notes alone reads none of the sections, yet 500 KB more is over 4 MB.
    const notes = 'Discharge plan reviewed with family. '.repeat(13_000);
    const { status, json } = await asUser('PATCH', `/patients/${patient.id}`, { version, notes });
    expect(status).toBe(413);
    const whole = (bytes(JSON.stringify({ ...stored, notes })) / 1_000_000).toFixed(1);
    expect(json.error?.message).toContain(`Stored, Patient would take ${whole} MB; at most 4.0 MB fit.`);
    expect(await read(patient.id)).toEqual(stored);
    expect((await patch(patient.id, { version, notes: 'Family meeting at 3' })).version).toBe(version + 1);
  });

  it("reads and rewrites whole a patient whose head does not record its parts' sizes, and records them", async () => {
    const patient = await create();
    const fields = { events: noteSection(2_000, 1), exam: noteSection(3_000, 2) };
    await patch(patient.id, { version: 1, fields, notes: 'Call daughter' });
    const head = (await table.get(pk, `PATIENT#${patient.id}`)) as { bodyParts: { bytes?: number }[] };
    await table.put({ ...head, bodyParts: head.bodyParts.map(({ bytes: _bytes, ...part }) => part) });

    await patch(patient.id, { version: 2, fields: { vitals: noteSection(500, 3) } });
    const after = (await table.get(pk, `PATIENT#${patient.id}`)) as { bodyParts: { bytes?: number }[] };
    expect(after.bodyParts.map((part) => typeof part.bytes)).toEqual(['number', 'number', 'number', 'number']);
    expect(await read(patient.id)).toMatchObject({ version: 3, notes: 'Call daughter', fields: { ...fields, vitals: noteSection(500, 3) } });
  });

  it('reads a damaged section as unreadable, keeping its stored text, and the rest of the patient as stored', async () => {
    const patient = await create();
    const exam = noteSection(1_000);
    await patch(patient.id, { version: 1, fields: { events: noteSection(1_000, 1), exam } });
    // An old editor's delta object where the text belongs: no section value reads like that.
    const damaged = JSON.stringify({ deltaString: { ops: [{ insert: 'BP 128/76\n' }] } });
    const part = await table.get(pk, `PART#PATIENT#${patient.id}#fields.events#0000`);
    await table.put({ ...part, data: damaged });

    const response = await asUser('GET', `/patients/${patient.id}`);
    expect(response.status, response.text).toBe(200);
    const fields = (response.json as unknown as Patient).fields;
    expect(fields.events).toEqual({ deltaString: '', unreadable: damaged });
    expect(fields.exam).toEqual(exam);

    // A save of another section neither reads nor rewrites it.
    await patch(patient.id, { version: 2, fields: { exam: noteSection(1_100) } });
    expect(await table.get(pk, `PART#PATIENT#${patient.id}#fields.events#0000`)).toEqual({ ...part, data: damaged });

    // Starting the section again stores a readable value over it.
    await patch(patient.id, { version: 3, fields: { events: { deltaString: '', expanded: true } } });
    expect((await read(patient.id)).fields.events).toEqual({ deltaString: '', expanded: true });
  });
});
