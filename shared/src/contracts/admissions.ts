// Admission notes (H&P). Writes are version-checked: a PATCH naming an older version is refused with 409, and the
// autosave merges section by section.
import * as z from 'zod';
import { Admission, AdmissionPatch, AdmissionSummary, CreateAdmissionBody } from '../admissions/admission';

export const AdmissionList = z.object({ admissions: z.array(AdmissionSummary) });
export const AdmissionDeleted = z.object({ deleted: z.literal(true) });

export const admissionsContract = {
  list: { method: 'get', path: '/admissions', summary: "Every admission note of the user, newest first, without sections", response: AdmissionList },
  create: {
    method: 'post',
    path: '/admissions',
    summary: 'Start an admission note: blank (the standard H&P sections) or from a panel patient (`patientId`; 404 when not the user’s)',
    body: CreateAdmissionBody,
    response: Admission,
  },
  get: { method: 'get', path: '/admissions/{admissionId}', summary: 'Read one admission note (404 for an id that is not the user’s)', response: Admission },
  patch: {
    method: 'patch',
    path: '/admissions/{admissionId}',
    summary: 'Change the title, demographics or sections of a note; 409 when `version` is not the current one',
    body: AdmissionPatch,
    response: Admission,
  },
  remove: { method: 'delete', path: '/admissions/{admissionId}', summary: 'Delete an admission note', response: AdmissionDeleted },
} as const;
