// Admission notes: create (blank or from a panel patient), patch and delete. Each write is pushed to the user's other
// tabs and devices as admission.updated, so an open copy refetches.
import {
  admissionFromPatient,
  blankAdmissionSections,
  MAX_ADMISSION_BYTES,
  notFound,
  type Admission,
  type AdmissionFields,
  type AdmissionPatch,
  type CreateAdmissionBody,
} from '@chartside/shared';
import type { AdmissionRepository } from '../data/admission-repository';
import type { PatientRepository } from '../data/patient-repository';
import type { Clock } from '../ports/clock';
import type { Broadcast } from '../ws/broadcast';
import { assertRecordFits } from './record-size';
import type { Caller } from './user-tags';

export interface AdmissionDeps {
  admissions: AdmissionRepository;
  patients: PatientRepository;
  clock: Clock;
  broadcast: Broadcast;
}

const assertFits = (admission: Admission) =>
  assertRecordFits(admission, MAX_ADMISSION_BYTES, 'This admission note', 'Move long results into a document and keep a summary here.');

const announce = (deps: AdmissionDeps, caller: Pick<Caller, 'userId' | 'clientId'>, admissionId: string, version: number | null) =>
  deps.broadcast(caller.userId, { type: 'admission.updated', admissionId, version }, { exceptClientId: caller.clientId });

/** The fields a new note starts with: the patient's (404 when it is not the caller's), else the blank template. */
const startingFields = async (deps: AdmissionDeps, userId: string, patientId: string | undefined): Promise<AdmissionFields> => {
  if (patientId === undefined) return { title: 'Admission note', demographics: '', sections: blankAdmissionSections() };
  const patient = await deps.patients.get(userId, patientId);
  if (!patient) throw notFound('That patient');
  return admissionFromPatient(patient);
};

export const createAdmission = async (deps: AdmissionDeps, caller: Caller, body: CreateAdmissionBody): Promise<Admission> => {
  const now = deps.clock.now().toISOString();
  const admission: Admission = {
    ...(await startingFields(deps, caller.userId, body.patientId)),
    id: crypto.randomUUID(),
    patientId: body.patientId ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  assertFits(admission);
  await deps.admissions.create(caller.userId, admission);
  await announce(deps, caller, admission.id, admission.version);
  return admission;
};

export const patchAdmission = async (deps: AdmissionDeps, caller: Caller, admissionId: string, patch: AdmissionPatch): Promise<Admission> => {
  const { version, ...changes } = patch;
  const after = await deps.admissions.update(caller.userId, admissionId, version, (current) => {
    const next: Admission = { ...current, ...changes, updatedAt: deps.clock.now().toISOString() };
    assertFits(next);
    return next;
  });
  await announce(deps, caller, admissionId, after.version);
  return after;
};

export const deleteAdmission = async (deps: AdmissionDeps, caller: Caller, admissionId: string): Promise<{ deleted: true }> => {
  if (!(await deps.admissions.remove(caller.userId, admissionId))) throw notFound('That admission note');
  await announce(deps, caller, admissionId, null);
  return { deleted: true };
};
