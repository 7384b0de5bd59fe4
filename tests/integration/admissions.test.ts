// Admission notes through the HTTP API on the local runtime: create blank or from a panel patient (pre-filled), read,
// list newest first, patch with version checks, delete; the user's other tabs are told; another user gets 404 for every
// id; bad input is a 4xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { admissionTemplate, clientIdHeader, MAX_ADMISSION_SECTIONS, plainTextDeltaString, sectionPlainText, type Admission, type Patient } from '@chartside/shared';
import { api, type Api, type Auth } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();

let authA: Auth;
let asA: Api;
let asB: Api;
let patientIdOfA: string;

const create = async (as: Api, body: Record<string, unknown> = {}) => {
  const answer = await as('POST', '/admissions', body);
  expect(answer.status).toBe(200);
  return answer.json as unknown as Admission;
};

const bodyText = (admission: Admission, id: string) => sectionPlainText(admission.sections.find((section) => section.id === id)?.body ?? '');

beforeAll(async () => {
  const [userA, userB] = await Promise.all([createUser(runtime), createUser(runtime)]);
  const [auth, authB] = await Promise.all([signedIn(runtime, userA), signedIn(runtime, userB)]);
  authA = auth;
  [asA, asB] = [api(runtime, authA), api(runtime, authB)];
  const created = (await asA('POST', '/patients', { lastname: 'Rivera', firstname: 'Ana', mrn: '556677' })).json as unknown as Patient;
  const filled = await asA('PATCH', `/patients/${created.id}`, {
    version: created.version,
    oneliner: plainTextDeltaString('68F with COPD admitted for hypoxia'),
    fields: {
      hpi: { deltaString: plainTextDeltaString('Two days of cough and dyspnea.') },
      assessment: { deltaString: '', data: { problems: [{ id: 'p1', problem: 'COPD exacerbation', assessment: '', plan: '- Prednisone 40 mg' }] } },
    },
  });
  expect(filled.status).toBe(200);
  patientIdOfA = created.id;
});

describe('admission notes', () => {
  it('starts a blank note with the standard H&P sections', async () => {
    const note = await create(asA);
    expect(note).toMatchObject({ title: 'Admission note', demographics: '', patientId: null, version: 1 });
    expect(note.sections.map((section) => section.title)).toEqual(admissionTemplate.map((section) => section.title));
  });

  it('starts a note from a panel patient with demographics, HPI, the ID line and the problems filled in', async () => {
    const note = await create(asA, { patientId: patientIdOfA });
    expect(note).toMatchObject({ title: 'H&P: Rivera, Ana', demographics: 'Rivera, Ana · MRN 556677', patientId: patientIdOfA });
    expect(bodyText(note, 'hpi')).toBe('Two days of cough and dyspnea.');
    expect(bodyText(note, 'plan')).toBe('68F with COPD admitted for hypoxia\n#1 COPD exacerbation\n- Prednisone 40 mg');
    expect((await asA('GET', `/admissions/${note.id}`)).json).toEqual(note);
  });

  it('lists notes newest first without their sections', async () => {
    const older = await create(asA);
    const newer = await create(asA);
    const { json } = await asA('GET', '/admissions');
    const ids = (json.admissions as { id: string; sections?: unknown }[]).map((summary) => summary.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((json.admissions as { sections?: unknown }[]).every((summary) => summary.sections === undefined)).toBe(true);
  });

  it('saves a patch, and refuses one naming an older version with 409', async () => {
    const note = await create(asA);
    const sections = note.sections.map((section) => (section.id === 'cc' ? { ...section, body: plainTextDeltaString('Chest pain') } : section));
    const saved = await asA('PATCH', `/admissions/${note.id}`, { version: note.version, title: 'H&P: chest pain', sections: [...sections].reverse() });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ title: 'H&P: chest pain', version: 2 });
    expect((saved.json as unknown as Admission).sections.at(-1)?.id).toBe('cc');
    const stale = await asA('PATCH', `/admissions/${note.id}`, { version: note.version, title: 'Lost' });
    expect(stale.status).toBe(409);
    expect((stale.json.error as { code: string }).code).toBe('version_conflict');
  });

  it("tells the user's other tabs of a change, not the tab that made it", async () => {
    const note = await create(asA);
    const [otherTab, editingTab] = await Promise.all([
      openSocket(runtime, { ...authA, clientId: 'other-tab' }),
      openSocket(runtime, { ...authA, clientId: 'editing-tab' }),
    ]);
    try {
      expect((await asA('PATCH', `/admissions/${note.id}`, { version: note.version, title: 'Changed' }, { [clientIdHeader]: 'editing-tab' })).status).toBe(200);
      expect(await otherTab.next((message) => message.type === 'admission.updated' && message.admissionId === note.id)).toEqual({ type: 'admission.updated', admissionId: note.id, version: 2 });
      expect(editingTab.messages.filter((message) => (message as { type?: string }).type === 'admission.updated')).toEqual([]);
    } finally {
      otherTab.close();
      editingTab.close();
    }
  });

  it('deletes a note: gone from reads and the list, a second delete is 404', async () => {
    const note = await create(asA);
    expect((await asA('DELETE', `/admissions/${note.id}`)).json).toEqual({ deleted: true });
    expect((await asA('GET', `/admissions/${note.id}`)).status).toBe(404);
    expect((await asA('DELETE', `/admissions/${note.id}`)).status).toBe(404);
    expect(((await asA('GET', '/admissions')).json.admissions as { id: string }[]).map((summary) => summary.id)).not.toContain(note.id);
  });
});

describe("another user and A's notes", () => {
  it('answers B with 404 for A’s note and patient, lists nothing, and A’s note stays as it was', async () => {
    const note = await create(asA, { patientId: patientIdOfA });
    expect((await asB('GET', '/admissions')).json.admissions).toEqual([]);
    expect((await asB('GET', `/admissions/${note.id}`)).status).toBe(404);
    expect((await asB('PATCH', `/admissions/${note.id}`, { version: note.version, title: 'Taken over' })).status).toBe(404);
    expect((await asB('DELETE', `/admissions/${note.id}`)).status).toBe(404);
    expect((await asB('POST', '/admissions', { patientId: patientIdOfA })).status).toBe(404);
    expect((await asA('GET', `/admissions/${note.id}`)).json).toEqual(note);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown field', (version: number) => ({ version, title: 'x', owner: 'someone' })],
    ['no version', () => ({ title: 'x' })],
    ['a section without an id', (version: number) => ({ version, sections: [{ title: 'HPI', body: '' }] })],
    ['too many sections', (version: number) => ({ version, sections: Array.from({ length: MAX_ADMISSION_SECTIONS + 1 }, (_, i) => ({ id: `s${i}`, title: 'S', body: '' })) })],
    ['a title too long', (version: number) => ({ version, title: 'x'.repeat(201) })],
  ])('answers a patch with %s with 400, naming the problem', async (_name, bodyFor) => {
    const note = await create(asA);
    const answer = await asA('PATCH', `/admissions/${note.id}`, bodyFor(note.version));
    expect(answer.status).toBe(400);
    expect(answer.json.error?.message).toBeTruthy();
  });

  it('answers a create with an unknown field or an empty patient id with 400, and malformed JSON with 400', async () => {
    expect((await asA('POST', '/admissions', { patientId: '' })).status).toBe(400);
    expect((await asA('POST', '/admissions', { template: 'cardiology' })).status).toBe(400);
    const malformed = await asA('POST', '/admissions', '{not json', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
  });

  it('answers a note over the size limit with 413', async () => {
    const note = await create(asA);
    const huge = 'x'.repeat(900_000);
    const sections = Array.from({ length: 5 }, (_, i) => ({ id: `big${i}`, title: 'Big', body: huge }));
    const answer = await asA('PATCH', `/admissions/${note.id}`, { version: note.version, sections });
    expect(answer.status).toBe(413);
  });
});
