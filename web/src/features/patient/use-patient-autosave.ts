// SCAFFOLD (replaced by its owner this session): the autosave of one open patient.
import type { Patient } from '@chartside/shared';
import { useState } from 'react';
import type { PatientEditing } from './patient-editing';

export function usePatientAutosave(patient: Patient): { editing: PatientEditing } {
  const [draft] = useState(patient);
  return { editing: { patient, draft, change: () => undefined, changeSection: () => undefined, flush: () => Promise.resolve() } };
}
