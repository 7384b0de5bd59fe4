// What each note section is called, which ones have a special component, and which sections a new patient shows.
import type { PatientSection } from './patient';

/** The human title of each section, shown above it and used (upper-cased) when copying all fields as text. */
export const sectionTitles: Readonly<Record<PatientSection, string>> = {
  summary: 'Summary',
  consultants: 'Consultants',
  events: 'Events',
  subjective: 'Subjective',
  pain: 'Pain',
  glycemic: 'Glycemic',
  io: 'I/O',
  airway: 'Airway',
  infusions: 'Infusions',
  vitals: 'Vitals',
  exam: 'Exam',
  labs: 'Labs',
  micro: 'Micro',
  imaging: 'Imaging',
  cardiac: 'Cardiac',
  studies: 'Studies',
  assessment: 'Assessment & Plan',
  bundle: 'Bundle',
  followup: 'Follow-up',
  billing: 'Billing',
  avs: 'AVS',
  attending: 'Attending',
  reminders: 'Reminders',
  dischargeplan: 'Discharge Plan',
  dischargeinstructions: 'Discharge Instructions',
  progressnote: 'Progress Note',
  hp: 'H&P',
  cc: 'CC',
  hpi: 'HPI',
  onc: 'Oncology',
  endo: 'Endocrine',
  pmh: 'PMH',
  surgical: 'Surgical History',
  hai: 'HAI',
  ipmedications: 'Inpatient Medications',
  opmedications: 'Outpatient Medications',
  allergies: 'Allergies',
  social: 'Social History',
  family: 'Family History',
  hrb: 'High-Risk Behaviours',
};

/** The sections with a special component beside their free text (spec: billing, labs, assessment, reminders, attending). */
export const specialComponentSections = ['billing', 'labs', 'assessment', 'reminders', 'attending'] as const satisfies readonly PatientSection[];
export type SpecialComponentSection = (typeof specialComponentSections)[number];

export const hasSpecialComponent = (section: PatientSection): section is SpecialComponentSection =>
  (specialComponentSections as readonly PatientSection[]).includes(section);

export const sectionTitle = (section: PatientSection): string => sectionTitles[section];

/** Shown in place of a visible section whose stored value cannot be read (spec section 8), naming the section as stored. */
export const fieldValueError = (section: string): string => `Field Value Error for ${section}`;

/** A hospital progress note: what happened, how the patient is, the data of the day, then the plan. */
export const defaultInpatientSections: readonly PatientSection[] = [
  'events', 'subjective', 'vitals', 'io', 'exam', 'labs', 'micro', 'imaging', 'assessment', 'dischargeplan',
];

/**
 * A clinic visit: history first, then examination, data and plan. Follow-up is left out because the patient screen
 * shows it in the right column for outpatients.
 */
export const defaultOutpatientSections: readonly PatientSection[] = [
  'cc', 'hpi', 'pmh', 'opmedications', 'allergies', 'social', 'family', 'vitals', 'exam', 'labs', 'assessment', 'billing',
];

/** The visible fields of a new patient, by the user's inpatient setting. A fresh copy each call, safe to change. */
export const defaultVisibleFields = (inpatient: boolean): PatientSection[] =>
  [...(inpatient ? defaultInpatientSections : defaultOutpatientSections)];

/** The sections to show, in order, each once: a patient saved before repeats were refused may list one twice. */
export const shownSections = (visibleFields: readonly PatientSection[]): PatientSection[] => [...new Set(visibleFields)];
