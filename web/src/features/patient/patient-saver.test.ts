import { PATIENT_AUTOSAVE_MS, applyPatientPatch, type FieldValue, type Patient, type PatientPatch, type PatientWritten, type Task } from '@chartside/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api/api-error';
import { patientRecord } from '../../test/fixtures';
import { createPatientSaver, patientDraftOf, patientFieldsOf, patientPatchBody, type PatientSaverDeps } from './patient-saver';

const T0 = '2025-03-01T08:00:00.000Z';
const text = (line: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: line }]), expanded: true });
const task = (id: string, overrides: Partial<Task> = {}): Task => ({ id, text: id, details: '', completed: false, priority: 3, dueDate: null, created: T0, tags: [], ...overrides });

const patientFixture = (overrides: Partial<Patient> = {}): Patient =>
  patientRecord({
    attending: 'Dr Patel',
    primarydx: 'CAP',
    tags: ['Icu'],
    tasks: [task('a'), task('b')],
    visibleFields: ['events', 'exam', 'assessment'],
    fields: { events: text('Afebrile overnight'), exam: text('Crackles left base') },
    ...overrides,
  });

/**
 * A server that holds each PATCH until the test answers it, applying it as the API does (`fields` merged by section)
 * and answering, as the API does, what it set: the new version, the session and the time.
 */
function heldServer(initial: Patient) {
  let current = initial;
  const held: { body: PatchBody; answer: () => void; fail: (error: Error) => void }[] = [];
  type PatchBody = PatientPatch;
  const apply = (patient: Patient, change: Partial<PatientPatch>): Patient =>
    applyPatientPatch(patient, { ...change, version: patient.version }, { version: patient.version + 1, lastSessionId: 'session-server', updatedAt: NOW.toISOString() });
  const patch = vi.fn(
    (body: PatchBody) =>
      new Promise<PatientWritten>((resolve, reject) => {
        held.push({
          body,
          fail: reject,
          answer: () => {
            if (body.version !== current.version) return reject(new ApiError('version_conflict', 'Changed elsewhere.', 409));
            current = apply(current, body);
            resolve({ version: current.version, lastSessionId: current.lastSessionId, updatedAt: current.updatedAt });
          },
        });
      }),
  );
  return {
    patch,
    held,
    latest: () => current,
    saveElsewhere: (change: Partial<PatientPatch>) => (current = apply(current, change)),
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const NOW = new Date('2025-03-02T09:30:00.000Z');
const saverFor = (server: ReturnType<typeof heldServer>, initial: Patient, deps: Partial<PatientSaverDeps> = {}) =>
  createPatientSaver({ initial, patch: server.patch, fetchLatest: async () => server.latest(), onServerCopy: vi.fn(), now: () => NOW, isOffline: () => false, ...deps });

afterEach(() => vi.useRealTimers());

describe('the flat patient draft', () => {
  it('has one key per note section, and folds back into the patient fields', () => {
    const patient = patientFixture();
    const draft = patientDraftOf(patient);
    expect(draft).toMatchObject({ lastname: 'Okafor', 'section:events': text('Afebrile overnight'), 'section:exam': text('Crackles left base') });
    expect(draft).not.toHaveProperty('fields');
    expect(draft).not.toHaveProperty('version');
    const { id: _id, version: _v, lastSessionId: _s, createdAt: _c, updatedAt: _u, ...fields } = patient;
    expect(patientFieldsOf(draft)).toEqual(fields);
  });

  it('sends section changes as `fields` naming only those sections', () => {
    expect(patientPatchBody({ 'section:exam': text('Clear'), room: '5C' }, 7)).toEqual({ version: 7, room: '5C', fields: { exam: text('Clear') } });
    expect(patientPatchBody({ attending: 'Dr Lee' }, 7)).toEqual({ version: 7, attending: 'Dr Lee' });
  });
});

describe('PatientSaver', () => {
  it(`saves ${PATIENT_AUTOSAVE_MS} ms after the last edit, with lastAccessed set to now`, () => {
    vi.useFakeTimers();
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ 'section:exam': text('Crackles left base, improving') });
    vi.advanceTimersByTime(PATIENT_AUTOSAVE_MS - 1);
    saver.change({ room: '5C' });
    vi.advanceTimersByTime(PATIENT_AUTOSAVE_MS - 1);
    expect(server.patch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(server.held[0]!.body).toEqual({ version: 3, room: '5C', lastAccessed: NOW.toISOString(), fields: { exam: text('Crackles left base, improving') } });
  });

  it('skips a save when the draft equals the last saved copy', async () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ room: '4B-12' });
    await saver.flush();
    expect(server.patch).not.toHaveBeenCalled();
  });

  it('queues a change made during a save and saves it after, on the new version', async () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ room: '5C' }, { immediate: true });
    saver.change({ 'section:events': text('Typed during the save') }, { immediate: true });
    expect(server.patch).toHaveBeenCalledTimes(1);
    server.held[0]!.answer();
    await server.settle();
    expect(server.held[1]!.body).toEqual({ version: 4, fields: { events: text('Typed during the save') } });
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, room: '5C', fields: { events: text('Typed during the save') } } });
  });

  it('merges another device editing a different section, section by section', () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ 'section:exam': text('Mine') });
    saver.remoteChanged(server.saveElsewhere({ fields: { events: text('Theirs') }, lastAccessed: '2025-03-02T09:00:00.000Z' }));
    expect(saver.getState().conflict).toBeUndefined();
    expect(patientFieldsOf(saver.getState().draft).fields).toMatchObject({ events: text('Theirs'), exam: text('Mine') });
    expect(server.held[0]!.body).toEqual({ version: 4, lastAccessed: NOW.toISOString(), fields: { exam: text('Mine') } });
  });

  it('names the section when both devices changed it', () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ 'section:exam': text('Mine') });
    saver.remoteChanged(server.saveElsewhere({ fields: { exam: text('Theirs') } }));
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['section:exam'], mine: { 'section:exam': text('Mine') } } });
  });

  it('merges tasks by id: a task added here and another completed there both stay', () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ tasks: [...initial.tasks, task('c')] });
    saver.remoteChanged(server.saveElsewhere({ tasks: [task('a', { completed: true }), task('b')] }));
    expect(saver.getState().conflict).toBeUndefined();
    expect(saver.getState().draft.tasks).toEqual([task('a', { completed: true }), task('b'), task('c')]);
  });

  it('takes the later lastAccessed, never a conflict', () => {
    const initial = patientFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ room: '5C' });
    saver.remoteChanged(server.saveElsewhere({ lastAccessed: '2025-03-03T00:00:00.000Z', attending: 'Dr Lee' }));
    expect(saver.getState()).toMatchObject({ conflict: undefined, draft: { lastAccessed: '2025-03-03T00:00:00.000Z', room: '5C', attending: 'Dr Lee' } });
    expect(server.held[0]!.body).toEqual({ version: 4, room: '5C' });
  });

  it('on a failed save reports the error and retries by itself with a backoff', async () => {
    vi.useFakeTimers();
    const initial = patientFixture();
    let fail = true;
    const patch = vi.fn(async (body: PatientPatch): Promise<Patient> => {
      if (fail) throw new ApiError('internal', 'The service is busy.', 503);
      return { ...initial, room: body.room ?? initial.room, version: 4 };
    });
    const saver = saverFor(heldServer(initial), initial, { patch });
    saver.change({ room: '5C' }, { immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState()).toMatchObject({ status: 'error', error: 'The service is busy.' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(patch).toHaveBeenCalledTimes(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(patch).toHaveBeenCalledTimes(3);
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { room: '5C' } });
  });

  it('offline, keeps the change calmly (no error) until asked again', async () => {
    const initial = patientFixture();
    const patch = vi.fn(async (): Promise<Patient> => {
      throw new ApiError('network_error', 'Chartside could not reach the server.', 0);
    });
    const saver = saverFor(heldServer(initial), initial, { patch, isOffline: () => true });
    saver.change({ room: '5C' }, { immediate: true });
    await vi.waitFor(() => expect(saver.getState().status).toBe('offline'));
    expect(saver.getState().error).toBeUndefined();
    expect(saver.storedDraft()).toMatchObject({ base: { version: 3 }, changes: { room: '5C' } });
  });
});
