// The patient panel's writes: create, patch, delete, delete-all, export, import and time tracking, with the rules that
// span the patient and the user's tag list. Each write of a patient is pushed to the user's other tabs and devices as
// patient.updated: one event per patient, also for import and delete-all, so an open copy always knows which patient
// changed (the events go out a few at a time).
import {
  blankPatient,
  MAX_PATIENT_BYTES,
  PANEL_EXPORT_FORMAT,
  PANEL_EXPORT_VERSION,
  addTags,
  applyPatientPatch,
  badRequest,
  defaultVisibleFields,
  initialTimeTracking,
  notFound,
  type CreatePatientBody,
  type PanelExport,
  type Patient,
  type PatientPatch,
  type TimeTracking,
} from '@chartside/shared';
import { assertHeadFits, type PatientHead, type PatientRepository } from '../data/patient-repository';
import type { UserRepository } from '../data/user-repository';
import type { Clock } from '../ports/clock';
import type { Broadcast } from '../ws/broadcast';
import { assertRecordFits } from './record-size';
import { addToUserTags, type Caller } from './user-tags';

export interface PatientDeps {
  patients: PatientRepository;
  users: UserRepository;
  clock: Clock;
  broadcast: Broadcast;
}

/** A patient write also records the login session that made it, so a conflict can say where the other edit came from. */
export interface PatientCaller extends Caller {
  sessionId: string;
}

/** Events sent at once after an import or delete-all. */
const BROADCAST_BATCH = 10;

/**
 * 413 when the whole patient is over the size limit, or its listed part would not fit in one item; `bytesElsewhere`
 * is what the sections not at hand add to it.
 */
const assertFits = (patient: Patient, bytesElsewhere = 0) => {
  const name = [patient.lastname, patient.firstname].filter(Boolean).join(', ') || 'This patient';
  assertRecordFits(patient, MAX_PATIENT_BYTES, name, 'Shorten the longest notes or move them into a resource.', bytesElsewhere);
  assertHeadFits(patient);
};

const announce = (deps: PatientDeps, caller: Caller, patientId: string, version: number | null) =>
  deps.broadcast(caller.userId, { type: 'patient.updated', patientId, version }, { exceptClientId: caller.clientId });

const announceEach = async (deps: PatientDeps, caller: Caller, changes: readonly { id: string; version: number | null }[]) => {
  for (let i = 0; i < changes.length; i += BROADCAST_BATCH) {
    await Promise.all(changes.slice(i, i + BROADCAST_BATCH).map(({ id, version }) => announce(deps, caller, id, version)));
  }
};

export const createPatient = async (deps: PatientDeps, caller: PatientCaller, body: CreatePatientBody): Promise<Patient> => {
  const now = deps.clock.now().toISOString();
  const document = await caller.userDocument();
  const patient: Patient = {
    ...blankPatient(crypto.randomUUID(), now),
    lastname: body.lastname,
    firstname: body.firstname,
    dob: body.dob ?? '',
    mrn: body.mrn ?? '',
    room: body.room ?? '',
    appointment: body.appointment ?? '',
    tags: addTags([], body.tags ?? []),
    visibleFields: defaultVisibleFields(document.inpatient),
    version: 1,
    lastSessionId: caller.sessionId,
  };
  assertFits(patient);
  await deps.patients.create(caller.userId, patient);
  await addToUserTags(deps, caller, 'patientTags', patient.tags);
  await announce(deps, caller, patient.id, patient.version);
  return patient;
};

/**
 * Applies a patch from the version it names (409 when the patient has moved on since), reading only the sections it
 * sets; then, side by side, the tags added to the user's list, the push to the other tabs and `recordChange` (the audit
 * entry): an autosave waits for one more round trip after its write, not for each in turn.
 */
export const patchPatient = async (
  deps: PatientDeps,
  caller: PatientCaller,
  patientId: string,
  patch: PatientPatch,
  recordChange: (patient: PatientHead) => Promise<void>,
): Promise<PatientHead> => {
  const touched = { fields: patch.fields, notes: patch.notes };
  const after = await deps.patients.update(caller.userId, patientId, patch.version, touched, (current, bytesElsewhere) => {
    const next = applyPatientPatch(current, patch, { version: patch.version + 1, lastSessionId: caller.sessionId, updatedAt: deps.clock.now().toISOString() });
    assertFits(next, bytesElsewhere);
    return next;
  });
  await Promise.all([patch.tags && addToUserTags(deps, caller, 'patientTags', after.tags), announce(deps, caller, patientId, after.version), recordChange(after)]);
  return after;
};

export const deletePatient = async (deps: PatientDeps, caller: Caller, patientId: string) => {
  const deleted = await deps.patients.remove(caller.userId, patientId);
  if (!deleted) throw notFound('That patient');
  await announce(deps, caller, patientId, null);
  return { deleted: 1 };
};

/** The ids of the patients deleted. */
export const deleteAllPatients = async (deps: PatientDeps, caller: Caller): Promise<string[]> => {
  const ids = await deps.patients.removeAll(caller.userId);
  await announceEach(deps, caller, ids.map((id) => ({ id, version: null })));
  return ids;
};

export const exportPanel = async (deps: PatientDeps, caller: Caller): Promise<PanelExport> => ({
  format: PANEL_EXPORT_FORMAT,
  version: PANEL_EXPORT_VERSION,
  exportedAt: deps.clock.now().toISOString(),
  patients: await deps.patients.getAll(caller.userId),
});

/**
 * Creates the patients whose ids the user does not have and overwrites the ones they have with the imported copy (the
 * user chose them, newer or not). Every patient is checked before anything is written, so a bad file writes nothing.
 */
export const importPatients = async (deps: PatientDeps, caller: PatientCaller, imported: readonly Patient[]) => {
  const seen = new Set<string>();
  const now = deps.clock.now().toISOString();
  const patients = imported.map((patient) => {
    if (seen.has(patient.id)) throw badRequest(`The file lists the patient ${patient.id} twice; nothing was imported.`);
    seen.add(patient.id);
    const prepared: Patient = { ...patient, tags: addTags([], patient.tags), lastSessionId: caller.sessionId, updatedAt: now };
    assertFits(prepared);
    return prepared;
  });
  const written = await deps.patients.replaceAll(caller.userId, patients);
  await addToUserTags(deps, caller, 'patientTags', patients.flatMap((p) => p.tags));
  await announceEach(deps, caller, written.map(({ patient }) => ({ id: patient.id, version: patient.version })));
  const created = written.filter((w) => w.created).length;
  return { created, updated: written.length - created };
};

export const getTimeTracking = async (deps: PatientDeps, caller: Caller, patientId: string): Promise<TimeTracking> => {
  const saved = await deps.patients.getTimeTracking(caller.userId, patientId);
  if (saved === 'no-patient') throw notFound('That patient');
  return saved ?? initialTimeTracking(deps.clock.now());
};

export const putTimeTracking = async (deps: PatientDeps, caller: Caller, patientId: string, record: TimeTracking): Promise<TimeTracking> => {
  await deps.patients.putTimeTracking(caller.userId, patientId, record);
  return record;
};
