// The autosave of one open patient: the generic RecordSaver, configured. Its draft is flat: every top-level field, and
// one key per note section ('section:exam'), so two devices editing different sections merge and a conflict names the
// section. The PATCH folds the section keys back into `fields` (the API replaces only the sections it names).
// The merge rules (tasks by id, tags as a set, a section's parts one by one, the later lastAccessed) are the domain's:
// shared/src/patients/patient-merge.ts. Every change sets lastAccessed to now. A save refused because the patient was
// deleted elsewhere says so, and keeps the draft.
import {
  PATIENT_AUTOSAVE_MS,
  applyPatientPatch,
  patientFieldMergers,
  patientSectionKey,
  patientSections,
  type FieldValue,
  type Patient,
  type PatientDraft,
  type PatientFields,
  type PatientPatch,
  type PatientSection,
  type PatientWritten,
} from '@chartside/shared';
import { ApiError } from '../../platform/api/api-error';
import { RecordSaver, type FieldConflict, type RecordSaverDeps, type RequestSettings } from '../../platform/autosave/record-saver';
import type { PatientTopFields } from './patient-editing';

export type { PatientDraft } from '@chartside/shared';
export type PatientDraftKey = keyof PatientDraft;
export type PatientConflict = FieldConflict<Patient, PatientDraft>;
type PatientSaver = RecordSaver<Patient, PatientDraft, PatientPatch>;

/** The save's answer when the patient was deleted on another device. */
export const PATIENT_DELETED_MESSAGE = 'This patient was deleted on another device.';

const SECTION_PREFIX = 'section:';

/** The section a draft key stands for, or undefined for a top-level field. */
export const sectionOfKey = (key: string): PatientSection | undefined => {
  if (!key.startsWith(SECTION_PREFIX)) return undefined;
  const section = key.slice(SECTION_PREFIX.length);
  return patientSections.find((known) => known === section);
};

/** A patient's editable fields as the flat draft. */
export const patientDraftOf = ({ id: _id, version: _version, lastSessionId: _session, createdAt: _created, updatedAt: _updated, fields, ...top }: Patient): PatientDraft => {
  const draft: PatientDraft = { ...top };
  for (const section of patientSections) {
    const value = fields[section];
    if (value !== undefined) draft[patientSectionKey(section)] = value;
  }
  return draft;
};

/** The flat draft as the patient's fields (what the screen shows). */
export const patientFieldsOf = (draft: PatientDraft): PatientFields => {
  const top: Partial<PatientTopFields> = {};
  const fields: PatientFields['fields'] = {};
  for (const [key, value] of Object.entries(draft)) {
    const section = sectionOfKey(key);
    if (section) fields[section] = value as FieldValue;
    else Object.assign(top, { [key]: value });
  }
  return { ...(top as PatientTopFields), fields };
};

/** The PATCH of some changed draft keys: section keys folded back into `fields`. */
export const patientPatchBody = (changes: Partial<PatientDraft>, version: number): PatientPatch => {
  const { fields, ...top } = patientFieldsOf(changes as PatientDraft);
  return { version, ...top, ...(Object.keys(fields).length > 0 ? { fields } : {}) };
};

export type PatientSaverDeps = Pick<RecordSaverDeps<Patient, PatientDraft, PatientPatch>, 'initial' | 'fetchLatest' | 'onServerCopy' | 'requestTimeoutMs'> &
  Partial<Pick<RecordSaverDeps<Patient, PatientDraft, PatientPatch>, 'delayMs' | 'retryDelaysMs' | 'isOffline'>> & {
    /** The PATCH: it answers what the server set (the new version), not the patient. */
    patch: (body: PatientPatch, settings: RequestSettings) => Promise<PatientWritten>;
    now?: () => Date;
  };

const deletedElsewhere = (error: unknown) => (error instanceof ApiError && error.status === 404 ? PATIENT_DELETED_MESSAGE : undefined);

export const createPatientSaver = ({ now = () => new Date(), patch, ...deps }: PatientSaverDeps): PatientSaver =>
  new RecordSaver<Patient, PatientDraft, PatientPatch>({
    delayMs: PATIENT_AUTOSAVE_MS,
    failureMessage: deletedElsewhere,
    ...deps,
    // The saved patient is the copy the patch was made from with the patch applied, as the server applied it.
    patch: async (body, settings, base) => applyPatientPatch(base, body, await patch(body, settings)),
    draftOf: patientDraftOf,
    patchBody: patientPatchBody,
    mergers: patientFieldMergers,
    stamp: () => ({ lastAccessed: now().toISOString() }),
  });
