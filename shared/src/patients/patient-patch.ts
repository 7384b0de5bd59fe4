// A patch applied to a patient: the one rule the API follows when it writes a PATCH and the page follows when it takes
// the PATCH's answer (which carries only what the server set, not the whole patient back).
import type { PatientWritten } from '../contracts/patients';
import { addTags } from '../tags/tag-rules';
import type { Patient, PatientPatch } from './patient';

/**
 * The patient after a patch: `fields` replaces only the sections it names, so edits of different sections from two
 * devices both stay; tags are normalized. Text is kept as typed (no trimming): autosave sends it while the user is still
 * typing, and a trimmed echo would eat their trailing space. `written` is what the server set: the new version, the
 * writing session and the time.
 */
export const applyPatientPatch = (current: Patient, { version: _based, fields, ...changes }: PatientPatch, written: PatientWritten): Patient => ({
  ...current,
  ...changes,
  ...(fields ? { fields: { ...current.fields, ...fields } } : {}),
  ...(changes.tags ? { tags: addTags([], changes.tags) } : {}),
  ...written,
});
