// The patient entity (spec section 3): one patient of the clinician's panel, with note sections, tasks and time tracking.
import * as z from 'zod';
import { MAX_LIST_ITEMS, MAX_SHORT_TEXT } from '../limits';
import { MAX_SECTION_BYTES } from '../resources/resource';
import { firstRepeat } from '../sync/list-items';

/** Largest patient, in bytes of JSON. The data layer splits it over several items (a 1 MB note is normal use). */
export const MAX_PATIENT_BYTES = 4_000_000;
export const PATIENT_AUTOSAVE_MS = 2_000;
export const DEFAULT_TASK_PRIORITY = 3;

/** The note sections, in the spec's order. Titles and icons live with the screens. */
export const patientSections = [
  'summary', 'consultants', 'events', 'subjective', 'pain', 'glycemic', 'io', 'airway', 'infusions', 'vitals',
  'exam', 'labs', 'micro', 'imaging', 'cardiac', 'studies', 'assessment', 'bundle', 'followup', 'billing',
  'avs', 'attending', 'reminders', 'dischargeplan', 'dischargeinstructions', 'progressnote', 'hp', 'cc', 'hpi', 'onc',
  'endo', 'pmh', 'surgical', 'hai', 'ipmedications', 'opmedications', 'allergies', 'social', 'family', 'hrb',
] as const;
export const PatientSection = z.enum(patientSections);
export type PatientSection = z.infer<typeof PatientSection>;

const shortText = z.string().max(MAX_SHORT_TEXT);
const richText = z.string().max(MAX_SECTION_BYTES);
const isoDateTime = z.iso.datetime();

/** One problem of the assessment: what it is, and its assessment and plan (plain or rich text). */
export const AssessmentProblem = z.strictObject({
  id: shortText.min(1),
  problem: z.string().max(20_000),
  assessment: z.string().max(MAX_SECTION_BYTES),
  plan: z.string().max(MAX_SECTION_BYTES),
});
export type AssessmentProblem = z.infer<typeof AssessmentProblem>;

/** The assessment field's structured data (spec: the structure must exist and problems must be an array). */
export const AssessmentData = z.object({ problems: z.array(AssessmentProblem).max(500) });
export type AssessmentData = z.infer<typeof AssessmentData>;

/** One note section's value. `data` holds a special component's structure (assessment problems, labs, billing, reminders). */
export const FieldValue = z.strictObject({
  deltaString: richText,
  data: z.unknown().optional(),
  expanded: z.boolean().optional(),
  showFreeText: z.boolean().optional(),
  /**
   * Set only by reading (see field-value.ts): the stored text of a section that could not be read as a value, kept so
   * nothing is lost; the screen shows 'Field Value Error' for it until the section is started again.
   */
  unreadable: richText.optional(),
});
export type FieldValue = z.infer<typeof FieldValue>;

export const Task = z.strictObject({
  id: shortText.min(1),
  text: z.string().max(2_000),
  details: z.string().max(20_000),
  completed: z.boolean(),
  priority: z.number().int().min(1).max(5),
  /** ISO time, or null when the task has no due date. */
  dueDate: isoDateTime.nullable(),
  created: isoDateTime,
  tags: z.array(shortText).max(100),
});
export type Task = z.infer<typeof Task>;

/** '' when unknown. */
const dateOrEmpty = z.union([z.iso.date(), z.literal('')]);
/** A datetime-local value (YYYY-MM-DDTHH:mm), or '' when none. */
const localDateTimeOrEmpty = z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/), z.literal('')]);

/** The fields a user may change. */
export const PatientFields = z.strictObject({
  lastname: shortText,
  firstname: shortText,
  dob: dateOrEmpty,
  mrn: shortText,
  room: shortText,
  appointment: localDateTimeOrEmpty,
  attending: shortText,
  primarydx: z.string().max(2_000),
  /** Rich text (BlockNote JSON), like every section body. */
  oneliner: richText,
  notes: richText,
  tags: z.array(shortText).max(MAX_LIST_ITEMS),
  tasks: z.array(Task).max(MAX_LIST_ITEMS),
  /** The sections shown on the left, in order. */
  visibleFields: z.array(PatientSection).max(patientSections.length),
  fields: z.partialRecord(PatientSection, FieldValue),
  /** When the user last opened or changed the patient (import compares it). */
  lastAccessed: isoDateTime,
});
export type PatientFields = z.infer<typeof PatientFields>;

export const Patient = PatientFields.extend({
  id: z.string(),
  /** Incremented on every write; a write naming an older version is refused with 409. */
  version: z.number().int().nonnegative(),
  /** The login session that wrote last, so a conflict can say where the other edit came from. */
  lastSessionId: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Patient = z.infer<typeof Patient>;

/** A patient with nothing filled in yet, at `now`: what a new patient starts from, and what a stored one lacks reads as. */
export const blankPatient = (id: string, now: string): Patient => ({
  id,
  lastname: '',
  firstname: '',
  dob: '',
  mrn: '',
  room: '',
  appointment: '',
  attending: '',
  primarydx: '',
  oneliner: '',
  notes: '',
  tags: [],
  tasks: [],
  visibleFields: [],
  fields: {},
  lastAccessed: now,
  version: 0,
  lastSessionId: '',
  createdAt: now,
  updatedAt: now,
});

/**
 * What the panel lists of a patient: everything but the note sections and notes, and of the tasks only the open ones
 * (the cards, the task sort, the print list and the sign-out sheet show no other; done ones were most of a list's
 * bytes). The patient screen reads the whole patient.
 */
export const PatientSummary = Patient.omit({ fields: true, notes: true });
export type PatientSummary = z.infer<typeof PatientSummary>;

export const CreatePatientBody = z.strictObject({
  lastname: z.string().trim().max(MAX_SHORT_TEXT),
  firstname: z.string().trim().max(MAX_SHORT_TEXT),
  dob: dateOrEmpty.optional(),
  mrn: z.string().trim().max(MAX_SHORT_TEXT).optional(),
  room: z.string().trim().max(MAX_SHORT_TEXT).optional(),
  appointment: localDateTimeOrEmpty.optional(),
  tags: z.array(shortText).max(MAX_LIST_ITEMS).optional(),
});
export type CreatePatientBody = z.infer<typeof CreatePatientBody>;

/**
 * A change to a patient: the version it was based on, plus any subset of the fields. `fields` replaces only the sections
 * it names, so edits of different sections stay separate. A section shown twice or a tag given twice is refused; only
 * writes are checked, so a patient stored with a repeat stays readable (the screen shows each once).
 */
export const PatientPatch = PatientFields.partial()
  .extend({ version: z.number().int().nonnegative() })
  .superRefine(({ visibleFields, tags }, context) => {
    const section = firstRepeat(visibleFields ?? [], (name) => name);
    if (section !== undefined) context.addIssue({ code: 'custom', path: ['visibleFields'], message: `The section '${section}' is listed twice.` });
    const tag = firstRepeat(tags ?? [], (name) => name);
    if (tag !== undefined) context.addIssue({ code: 'custom', path: ['tags'], message: `The tag '${tag}' is listed twice.` });
  });
export type PatientPatch = z.infer<typeof PatientPatch>;

/** The time tracker's steps (spec section 3). */
export const timeTrackingSteps = [
  { id: 'prerounding', name: 'Prerounding' },
  { id: 'visit', name: 'Visit' },
  { id: 'precepting', name: 'Precepting' },
  { id: 'closure', name: 'Closure' },
  { id: 'post', name: 'Post' },
] as const;
export const TimeTrackingStepId = z.enum(['prerounding', 'visit', 'precepting', 'closure', 'post']);
export const TIME_TRACKER_SAVE_DEBOUNCE_MS = 1_000;
export const TIME_TRACKER_SAVE_EVERY_SECONDS = 5;

export const TimeTracking = z.strictObject({
  steps: z.array(z.strictObject({ id: TimeTrackingStepId, name: shortText, time: z.number().int().nonnegative().max(10_000_000) })).max(timeTrackingSteps.length),
  lastActiveStep: TimeTrackingStepId.nullable(),
  lastUpdated: isoDateTime,
});
export type TimeTracking = z.infer<typeof TimeTracking>;
