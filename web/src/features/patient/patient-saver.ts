// The autosave of one open patient: the generic RecordSaver, configured. Its draft is flat: every top-level field, and
// one key per note section ('section:exam'), so two devices editing different sections merge and a conflict names the
// section. The PATCH folds the section keys back into `fields` (the API replaces only the sections it names).
// Tasks merge by id, tags as a set, a section's parts (text, structure, expanded) one by one, and lastAccessed takes
// the later time (never a conflict). Every change sets lastAccessed to now. A failed save is retried with a backoff;
// offline it waits for the network.
import {
  mergeFields,
  mergeListById,
  PATIENT_AUTOSAVE_MS,
  patientSections,
  sameValue,
  changedFields,
  type FieldMerger,
  type FieldMergers,
  type FieldValue,
  type Patient,
  type PatientFields,
  type PatientPatch,
  type PatientSection,
  type Task,
} from '@chartside/shared';
import { RecordSaver, type FieldConflict, type RecordSaverDeps, type SaverState } from '../../platform/autosave/record-saver';
import type { PatientTopFields } from './patient-editing';

export type SectionKey = `section:${PatientSection}`;
export type PatientDraft = PatientTopFields & { [K in SectionKey]?: FieldValue };
export type PatientDraftKey = keyof PatientDraft;
export type PatientConflict = FieldConflict<Patient, PatientDraft>;
export type PatientSaverState = SaverState<Patient, PatientDraft>;
export type PatientSaver = RecordSaver<Patient, PatientDraft, PatientPatch>;

/** After a failed save (online), the next tries come after these delays; the last one repeats. */
export const PATIENT_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

const SECTION_PREFIX = 'section:';

export const sectionKey = (section: PatientSection): SectionKey => `${SECTION_PREFIX}${section}`;

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
    if (value !== undefined) draft[sectionKey(section)] = value;
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

/** Tags as a set: what I added joins theirs, what I removed leaves it; their order first. Never a conflict. */
export const mergeTagSets: FieldMerger<string[]> = (base, mine, theirs) => {
  const removed = new Set(base.filter((tag) => !mine.includes(tag)));
  const added = mine.filter((tag) => !base.includes(tag));
  const merged = [...theirs.filter((tag) => !removed.has(tag))];
  for (const tag of added) if (!merged.includes(tag)) merged.push(tag);
  return { value: merged };
};

/** The later of two ISO times. */
export const laterTime: FieldMerger<string> = (_base, mine, theirs) => ({ value: mine > theirs ? mine : theirs });

/** A section's parts one by one: one device typing while the other collapses it (or edits its problem list) both stay. */
export const mergeSectionParts: FieldMerger<FieldValue | undefined> = (base, mine, theirs) => {
  if (!mine || !theirs) return 'conflict';
  const from: FieldValue = base ?? { deltaString: '' };
  const { mine: keep, conflicts } = mergeFields(from, changedFields(from, mine), theirs);
  if (conflicts.length > 0) return 'conflict';
  const value = { ...theirs, ...keep };
  return { value: sameValue(value, theirs) ? theirs : value };
};

export const patientFieldMergers: FieldMergers<PatientDraft> = {
  tasks: mergeListById<Task, 'id'>('id'),
  tags: mergeTagSets,
  lastAccessed: laterTime,
  ...Object.fromEntries(patientSections.map((section) => [sectionKey(section), mergeSectionParts])),
};

export type PatientSaverDeps = Pick<RecordSaverDeps<Patient, PatientDraft, PatientPatch>, 'initial' | 'patch' | 'fetchLatest' | 'onServerCopy' | 'requestTimeoutMs'> &
  Partial<Pick<RecordSaverDeps<Patient, PatientDraft, PatientPatch>, 'delayMs' | 'retryDelaysMs' | 'isOffline'>> & {
    now?: () => Date;
  };

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const createPatientSaver = ({ now = () => new Date(), ...deps }: PatientSaverDeps): PatientSaver =>
  new RecordSaver<Patient, PatientDraft, PatientPatch>({
    delayMs: PATIENT_AUTOSAVE_MS,
    retryDelaysMs: PATIENT_RETRY_DELAYS_MS,
    isOffline: browserOffline,
    ...deps,
    draftOf: patientDraftOf,
    patchBody: patientPatchBody,
    mergers: patientFieldMergers,
    stamp: () => ({ lastAccessed: now().toISOString() }),
  });
