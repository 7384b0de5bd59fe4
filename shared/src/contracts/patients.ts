// The patient panel. Writes are version-checked: a PATCH naming an older version is refused with 409 and the client
// merges or shows the conflict; nothing is overwritten silently.
import * as z from 'zod';
import { CreatePatientBody, Patient, PatientPatch, PatientSummary, TimeTracking } from '../patients/patient';

export const PatientList = z.object({ patients: z.array(PatientSummary) });
export const PatientDeleted = z.object({ deleted: z.number().int().nonnegative() });
/**
 * A PATCH's answer: what the server set (the new version, the time, the writing session), not the whole patient (up to
 * 4 MB, read and sent back on every autosave); the page applies its patch to its own copy (applyPatientPatch).
 */
export const PatientWritten = z.object({ version: z.number().int().positive(), lastSessionId: z.string(), updatedAt: z.iso.datetime() });
export type PatientWritten = z.infer<typeof PatientWritten>;

/** The panel export file: documented and versioned, so a later release can still read it. */
export const PANEL_EXPORT_FORMAT = 'chartside-panel';
export const PANEL_EXPORT_VERSION = 1;
export const PanelExport = z.strictObject({
  format: z.literal(PANEL_EXPORT_FORMAT),
  version: z.literal(PANEL_EXPORT_VERSION),
  exportedAt: z.iso.datetime(),
  patients: z.array(Patient).max(5_000),
});
export type PanelExport = z.infer<typeof PanelExport>;

/**
 * The id an imported patient may carry. Ids become part of storage keys, so they are kept to letters, digits, '-' and '_'
 * (UUIDs and the older app's push ids both fit).
 */
export const ImportedPatientId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'A patient id is 1 to 100 letters, digits, "-" or "_".');

/** The patients the user chose from an export file: existing ids are updated, new ones created. */
export const ImportPatientsBody = z.strictObject({ patients: z.array(Patient.extend({ id: ImportedPatientId })).min(1).max(5_000) });
export const ImportResult = z.object({ created: z.number().int().nonnegative(), updated: z.number().int().nonnegative() });

export const patientsContract = {
  list: { method: 'get', path: '/patients', summary: 'Every patient of the user, without note sections', response: PatientList },
  create: { method: 'post', path: '/patients', summary: 'Add a patient', body: CreatePatientBody, response: Patient },
  get: { method: 'get', path: '/patients/{patientId}', summary: 'Read one patient (404 for an id that is not the user’s)', response: Patient },
  patch: {
    method: 'patch',
    path: '/patients/{patientId}',
    summary:
      'Change fields of a patient; `fields` replaces only the sections it names; answers the new version, not the patient; 409 when `version` is not the current one',
    body: PatientPatch,
    response: PatientWritten,
  },
  remove: { method: 'delete', path: '/patients/{patientId}', summary: 'Delete one patient and its time tracking', response: PatientDeleted },
  removeAll: { method: 'post', path: '/patients/delete-all', summary: 'Delete every patient of the user (cannot be undone)', response: PatientDeleted },
  exportAll: { method: 'get', path: '/patients/export', summary: 'Every patient, whole, as a versioned panel export file', response: PanelExport },
  importPatients: { method: 'post', path: '/patients/import', summary: 'Create or update patients from an export file', body: ImportPatientsBody, response: ImportResult },
  getTimeTracking: {
    method: 'get',
    path: '/patients/{patientId}/time-tracking',
    summary: "The patient's time tracking; a new record with every step at zero when none is saved",
    response: TimeTracking,
  },
  putTimeTracking: {
    method: 'put',
    path: '/patients/{patientId}/time-tracking',
    summary: "Save the patient's time tracking",
    body: TimeTracking,
    response: TimeTracking,
  },
} as const;
