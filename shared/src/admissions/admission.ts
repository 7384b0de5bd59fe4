// The admission note (H&P): a title, the patient's demographics line, and rich-text sections in the order the user
// keeps them. A note starts blank (the standard H&P sections, empty) or from a patient on the panel (the same sections,
// filled from the patient's note: history sections as they are, the one-liner and problem list in the plan).
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import { displayName } from '../patients/patient-name';
import { plainTextDeltaString, problemListText } from '../patients/copy-as-text';
import type { AssessmentProblem, Patient, PatientSection } from '../patients/patient';
import { MAX_SECTION_BYTES } from '../resources/resource';
import { sectionPlainText } from '../resources/section-text';
import { mergeListById, type FieldMergers } from '../sync/merge-fields';

/** Most sections in one note: the template's twelve and room to add. */
export const MAX_ADMISSION_SECTIONS = 60;
/** Largest note, in bytes of JSON; the data layer splits it over several items. */
export const MAX_ADMISSION_BYTES = 4_000_000;
/** Longest demographics line. */
export const MAX_DEMOGRAPHICS = 2_000;
/** The screen saves this long after the last edit, like the patient screen. */
export const ADMISSION_AUTOSAVE_MS = 2_000;

const shortText = z.string().max(MAX_SHORT_TEXT);
const isoDateTime = z.iso.datetime();

/** `body` holds the section's BlockNote blocks as JSON, like every rich text. */
export const AdmissionSection = z.strictObject({ id: shortText.min(1), title: shortText, body: z.string().max(MAX_SECTION_BYTES) });
export type AdmissionSection = z.infer<typeof AdmissionSection>;

/** The fields a user may change. */
export const AdmissionFields = z.strictObject({
  title: shortText,
  demographics: z.string().max(MAX_DEMOGRAPHICS),
  sections: z.array(AdmissionSection).max(MAX_ADMISSION_SECTIONS),
});
export type AdmissionFields = z.infer<typeof AdmissionFields>;

export const Admission = AdmissionFields.extend({
  id: z.string(),
  /** The panel patient it was started from; null for a blank note. Later changes to the patient do not flow in. */
  patientId: z.string().nullable(),
  /** Incremented on every write; a write naming an older version is refused with 409. */
  version: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Admission = z.infer<typeof Admission>;

/** What the list shows: everything but the sections. */
export const AdmissionSummary = Admission.omit({ sections: true });
export type AdmissionSummary = z.infer<typeof AdmissionSummary>;

export const CreateAdmissionBody = z.strictObject({
  /** Start from this panel patient (404 when it is not the user's); blank when absent. */
  patientId: shortText.min(1).optional(),
});
export type CreateAdmissionBody = z.infer<typeof CreateAdmissionBody>;

export const AdmissionPatch = AdmissionFields.partial().extend({ version: z.number().int().nonnegative() });
export type AdmissionPatch = z.infer<typeof AdmissionPatch>;

/** Two devices editing different sections both keep their edits. */
export const admissionFieldMergers: FieldMergers<AdmissionFields> = { sections: mergeListById<AdmissionSection, 'id'>('id') };

/** The standard H&P sections, in order: id (stable, so a pre-filled note and a blank one line up) and title. */
export const admissionTemplate = [
  { id: 'cc', title: 'Chief complaint' },
  { id: 'hpi', title: 'HPI' },
  { id: 'pmh', title: 'PMH' },
  { id: 'psh', title: 'PSH' },
  { id: 'medications', title: 'Medications' },
  { id: 'allergies', title: 'Allergies' },
  { id: 'social', title: 'Social' },
  { id: 'family', title: 'Family' },
  { id: 'ros', title: 'ROS' },
  { id: 'exam', title: 'Exam' },
  { id: 'labs', title: 'Labs/Imaging' },
  { id: 'plan', title: 'Assessment and plan' },
] as const;
type TemplateSectionId = (typeof admissionTemplate)[number]['id'];

/** Which patient note sections fill each template section (several are joined as plain text under their titles). */
const patientSources: Partial<Record<TemplateSectionId, readonly PatientSection[]>> = {
  cc: ['cc'],
  hpi: ['hpi'],
  pmh: ['pmh'],
  psh: ['surgical'],
  medications: ['opmedications', 'ipmedications'],
  allergies: ['allergies'],
  social: ['social'],
  family: ['family'],
  exam: ['exam'],
  labs: ['labs', 'imaging'],
};

const sourceTitles: Partial<Record<PatientSection, string>> = { opmedications: 'Outpatient', ipmedications: 'Inpatient', labs: 'Labs', imaging: 'Imaging' };

export const blankAdmissionSections = (): AdmissionSection[] => admissionTemplate.map(({ id, title }) => ({ id, title, body: '' }));

/** 'Doe, Jane · DOB 1950-02-03 · MRN 12345 · Room 4B · Attending Dr Lee', leaving out what is blank. */
export const demographicsLine = (patient: Pick<Patient, 'lastname' | 'firstname' | 'dob' | 'mrn' | 'room' | 'attending'>): string =>
  [
    displayName(patient),
    patient.dob && `DOB ${patient.dob}`,
    patient.mrn && `MRN ${patient.mrn}`,
    patient.room && `Room ${patient.room}`,
    patient.attending && `Attending ${patient.attending}`,
  ]
    .filter(Boolean)
    .join(' · ');

const problemsOf = (patient: Patient): AssessmentProblem[] => {
  const data = patient.fields.assessment?.data as { problems?: unknown } | undefined;
  return Array.isArray(data?.problems) ? (data.problems as AssessmentProblem[]) : [];
};

/** One section's body from the patient: a single source keeps its rich text; several are joined as plain text. */
const bodyFromPatient = (patient: Patient, sources: readonly PatientSection[]): string => {
  const filled = sources.map((source) => ({ source, body: patient.fields[source]?.deltaString ?? '' })).filter(({ body }) => sectionPlainText(body).trim());
  if (filled.length === 1 && sources.length === 1) return filled[0]!.body;
  return filled.length === 0 ? '' : plainTextDeltaString(filled.map(({ source, body }) => `${sourceTitles[source] ?? source}:\n${sectionPlainText(body)}`).join('\n'));
};

/** The plan: the one-liner (the ID line), the assessment's free text, then the problem list as '#1 Problem' and its plan. */
const planFromPatient = (patient: Patient): string => {
  const parts = [sectionPlainText(patient.oneliner), sectionPlainText(patient.fields.assessment?.deltaString ?? ''), problemListText(problemsOf(patient))];
  const text = parts.filter((part) => part.trim()).join('\n');
  return text ? plainTextDeltaString(text) : '';
};

/** A new note's fields from a panel patient: its title and demographics, and the template's sections filled in. */
export const admissionFromPatient = (patient: Patient): AdmissionFields => ({
  title: `H&P: ${displayName(patient) || 'Unnamed patient'}`.slice(0, MAX_SHORT_TEXT),
  demographics: demographicsLine(patient).slice(0, MAX_DEMOGRAPHICS),
  sections: admissionTemplate.map(({ id, title }) => ({
    id,
    title,
    body: id === 'plan' ? planFromPatient(patient) : bodyFromPatient(patient, patientSources[id] ?? []),
  })),
});

/** The note as plain text to paste into the EHR: title, demographics, then each section with text as 'TITLE' and its lines. */
export const admissionAsText = (admission: Pick<AdmissionFields, 'title' | 'demographics' | 'sections'>): string =>
  [
    [admission.title, admission.demographics].filter((line) => line.trim()).join('\n'),
    ...admission.sections
      .map((section) => ({ title: section.title, text: sectionPlainText(section.body).trim() }))
      .filter(({ text }) => text.length > 0)
      .map(({ title, text }) => `${title.toUpperCase()}\n${text}`),
  ]
    .filter((block) => block.length > 0)
    .join('\n\n');
