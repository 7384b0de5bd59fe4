// The panel as a FHIR R4 Bundle (issue 18): a Patient per patient, a Condition per assessment problem, a Task per task
// and a DocumentReference per note (each note section, the notes and the one-liner). FHIR strings may not be empty, so
// empty values are left out, and the import reads a missing value as empty. What FHIR has no element for travels in
// Chartside extensions, so export then import gives back the same patients.
import type { AssessmentProblem, Patient, PatientSection, Task } from '../patients/patient';
import { panelExportFileName } from '../patients/panel-import';
import { sectionTitle } from '../patients/section-catalogue';
import { sectionPlainText } from '../resources/section-text';
import { CHARTSIDE_VALUE_TYPE, FHIR_BUNDLE_TYPE, PLAIN_TEXT_TYPE, fhirExtension, fhirSystem, toBase64 } from './fhir-common';

type Extension = { url: string; valueString: string } | { url: string; valueCode: string } | { url: string; valueDateTime: string } | { url: string; valueInteger: number };
export type FhirResource = { resourceType: string } & Record<string, unknown>;
export interface FhirBundle {
  resourceType: 'Bundle';
  type: typeof FHIR_BUNDLE_TYPE;
  timestamp: string;
  entry: { fullUrl: string; resource: FhirResource }[];
}

/** What a note's DocumentReference stands for: a note section, or the patient's notes or one-liner. */
export type NoteKind = PatientSection | 'notes' | 'oneliner';

const noteTitle = (kind: NoteKind): string => (kind === 'notes' ? 'Notes' : kind === 'oneliner' ? 'One-liner' : sectionTitle(kind));

const text = (url: string, value: string): Extension[] => (value ? [{ url, valueString: value }] : []);

/** The element when the value is not empty, else nothing (spread into the resource). */
const present = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (value ? ({ [key]: value } as Record<K, string>) : {});

const orUndefined = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);

const patientResource = (patient: Patient): FhirResource => {
  const extension: Extension[] = [
    ...text(fhirExtension.room, patient.room),
    ...text(fhirExtension.appointment, patient.appointment),
    ...text(fhirExtension.attending, patient.attending),
    ...text(fhirExtension.primaryDiagnosis, patient.primarydx),
    ...patient.tags.flatMap((tag) => text(fhirExtension.tag, tag)),
    ...patient.visibleFields.map((section) => ({ url: fhirExtension.visibleSection, valueCode: section })),
    { url: fhirExtension.lastAccessed, valueDateTime: patient.lastAccessed },
    { url: fhirExtension.created, valueDateTime: patient.createdAt },
  ];
  const mrn = patient.mrn ? [{ type: { coding: [{ system: fhirSystem.identifierType, code: 'MR' }], text: 'MRN' }, value: patient.mrn }] : [];
  const name = { use: 'official', ...present('family', patient.lastname), given: orUndefined(patient.firstname ? [patient.firstname] : []) };
  return {
    resourceType: 'Patient',
    meta: { lastUpdated: patient.updatedAt },
    extension,
    identifier: [{ system: fhirSystem.patientId, value: patient.id }, ...mrn],
    name: patient.lastname || patient.firstname ? [name] : undefined,
    ...present('birthDate', patient.dob),
  };
};

const conditionResource = (problem: AssessmentProblem, subject: string): FhirResource => {
  const readable = { problem: sectionPlainText(problem.problem), assessment: sectionPlainText(problem.assessment), plan: sectionPlainText(problem.plan) };
  const note = [
    ...(readable.assessment.trim() ? [{ text: `Assessment:\n${readable.assessment}` }] : []),
    ...(readable.plan.trim() ? [{ text: `Plan:\n${readable.plan}` }] : []),
  ];
  return {
    resourceType: 'Condition',
    extension: orUndefined([
      ...text(fhirExtension.problemText, problem.problem),
      ...text(fhirExtension.problemAssessment, problem.assessment),
      ...text(fhirExtension.problemPlan, problem.plan),
    ]),
    identifier: [{ system: fhirSystem.problemId, value: problem.id }],
    category: [{ coding: [{ system: fhirSystem.conditionCategory, code: 'problem-list-item', display: 'Problem List Item' }] }],
    code: readable.problem.trim() ? { text: readable.problem } : undefined,
    subject: { reference: subject },
    note: orUndefined(note),
  };
};

/** FHIR's four priorities against Chartside's 1 (most urgent) to 5; the exact number is kept in an extension. */
const fhirPriority = (priority: number): string => (priority <= 1 ? 'stat' : priority === 2 ? 'urgent' : 'routine');

const taskResource = (task: Task, subject: string): FhirResource => ({
  resourceType: 'Task',
  extension: [{ url: fhirExtension.taskPriority, valueInteger: task.priority }, ...task.tags.flatMap((tag) => text(fhirExtension.tag, tag))],
  identifier: [{ system: fhirSystem.taskId, value: task.id }],
  status: task.completed ? 'completed' : 'requested',
  intent: 'order',
  priority: fhirPriority(task.priority),
  ...present('description', task.text),
  for: { reference: subject },
  authoredOn: task.created,
  restriction: task.dueDate ? { period: { end: task.dueDate } } : undefined,
  note: task.details ? [{ text: task.details }] : undefined,
});

/** A note: its readable text when it has any, and always Chartside's stored value (the section's value, or the text). */
const documentResource = (kind: NoteKind, value: object, plain: string, subject: string): FhirResource => {
  const title = noteTitle(kind);
  return {
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: fhirSystem.noteKind, code: kind, display: title }], text: title },
    subject: { reference: subject },
    description: title,
    content: [
      ...(plain.trim() ? [{ attachment: { contentType: PLAIN_TEXT_TYPE, data: toBase64(plain), title } }] : []),
      { attachment: { contentType: CHARTSIDE_VALUE_TYPE, data: toBase64(JSON.stringify(value)) } },
    ],
  };
};

/** The patient's notes: each stored section (the assessment without its problems, which are Conditions), then notes and one-liner. */
const documentResources = (patient: Patient, subject: string): FhirResource[] => {
  const sections = (Object.keys(patient.fields) as PatientSection[]).flatMap((section) => {
    const stored = patient.fields[section];
    if (!stored) return [];
    const value = section === 'assessment' ? withoutProblems(stored) : stored;
    return [documentResource(section, value, sectionPlainText(stored.deltaString), subject)];
  });
  const texts = (['notes', 'oneliner'] as const).flatMap((kind) =>
    patient[kind] ? [documentResource(kind, { deltaString: patient[kind] }, sectionPlainText(patient[kind]), subject)] : [],
  );
  return [...sections, ...texts];
};

/** The assessment's value with `data.problems` left out (the rest of `data`, if any, is kept). */
const withoutProblems = <V extends { data?: unknown }>(value: V): V => {
  if (typeof value.data !== 'object' || value.data === null || !('problems' in value.data)) return value;
  const { problems: _problems, ...rest } = value.data as Record<string, unknown>;
  return { ...value, data: rest };
};

const problemsOf = (patient: Patient): AssessmentProblem[] => {
  const data = patient.fields.assessment?.data as { problems?: unknown } | undefined;
  return Array.isArray(data?.problems) ? (data.problems as AssessmentProblem[]) : [];
};

/**
 * The panel as a FHIR R4 collection Bundle. Elements left undefined are absent from its JSON (FHIR forbids nulls). `newUuid` names each entry (urn:uuid fullUrls, which the references use);
 * the web passes crypto.randomUUID.
 */
export const buildFhirBundle = (patients: readonly Patient[], now: Date, newUuid: () => string): FhirBundle => {
  const entry = (resource: FhirResource) => ({ fullUrl: `urn:uuid:${newUuid()}`, resource });
  return {
    resourceType: 'Bundle',
    type: FHIR_BUNDLE_TYPE,
    timestamp: now.toISOString(),
    entry: patients.flatMap((patient) => {
      const own = entry(patientResource(patient));
      return [
        own,
        ...problemsOf(patient).map((problem) => entry(conditionResource(problem, own.fullUrl))),
        ...patient.tasks.map((task) => entry(taskResource(task, own.fullUrl))),
        ...documentResources(patient, own.fullUrl).map(entry),
      ];
    }),
  };
};

/** 'chartside-panel-2026-03-10.fhir.json', by the local date. */
export const fhirExportFileName = (now: Date): string => panelExportFileName(now).replace(/\.json$/, '.fhir.json');
