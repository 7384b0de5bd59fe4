// Reading a FHIR R4 Bundle back into patients (issue 18): Chartside's own FHIR export exactly (its extensions and stored
// note values), and a plain Bundle from elsewhere as well as FHIR allows (names, MRN, birth date, problems, tasks, notes
// as text). Entries of other resource types are left out. Never throws: a bad file gives a message that says why.
import * as z from 'zod';
import { ImportedPatientId } from '../contracts/patients';
import { plainTextDeltaString } from '../patients/copy-as-text';
import { invalidPatientsMessage, isFhirBundle } from '../patients/panel-import';
import { AssessmentProblem, blankPatient, DEFAULT_TASK_PRIORITY, FieldValue, patientSections, PatientSection, type Patient, type Task } from '../patients/patient';
import { sectionPlainText } from '../resources/section-text';
import { CHARTSIDE_VALUE_TYPE, fhirExtension, fhirSystem, fromBase64 } from './fhir-common';
import type { NoteKind } from './panel-bundle';

export type FhirFileRead = { ok: true; patients: Patient[] } | { ok: false; message: string };

export const fhirImportMessages = {
  notJson: 'This file is not a FHIR Bundle: it is not valid JSON.',
  notBundle: 'This file is not a FHIR Bundle.',
  damaged: (why: string) => `This FHIR Bundle cannot be imported: ${why}.`,
} as const;

const Extension = z.looseObject({ url: z.string(), valueString: z.string().optional(), valueCode: z.string().optional(), valueDateTime: z.string().optional(), valueInteger: z.number().optional() });
const Identifier = z.looseObject({ system: z.string().optional(), value: z.string().optional(), type: z.looseObject({ coding: z.array(z.looseObject({ code: z.string().optional() })).optional() }).optional() });
const Reference = z.looseObject({ reference: z.string() });
const Annotation = z.looseObject({ text: z.string() });
const withExtensions = { extension: z.array(Extension).optional(), identifier: z.array(Identifier).optional() };

const FhirPatient = z.looseObject({
  ...withExtensions,
  id: z.string().optional(),
  meta: z.looseObject({ lastUpdated: z.string().optional() }).optional(),
  name: z.array(z.looseObject({ family: z.string().optional(), given: z.array(z.string()).optional() })).optional(),
  birthDate: z.string().optional(),
});
const FhirCondition = z.looseObject({
  ...withExtensions,
  id: z.string().optional(),
  subject: Reference,
  code: z.looseObject({ text: z.string().optional(), coding: z.array(z.looseObject({ display: z.string().optional() })).optional() }).optional(),
  note: z.array(Annotation).optional(),
});
const FhirTask = z.looseObject({
  ...withExtensions,
  id: z.string().optional(),
  for: Reference,
  status: z.string(),
  priority: z.string().optional(),
  description: z.string().optional(),
  authoredOn: z.string().optional(),
  restriction: z.looseObject({ period: z.looseObject({ end: z.string().optional() }).optional() }).optional(),
  note: z.array(Annotation).optional(),
});
const FhirDocument = z.looseObject({
  subject: Reference,
  type: z.looseObject({ coding: z.array(z.looseObject({ system: z.string().optional(), code: z.string().optional() })).optional() }).optional(),
  content: z.array(z.looseObject({ attachment: z.looseObject({ contentType: z.string().optional(), data: z.string().optional() }) })).min(1),
});
const Entry = z.looseObject({ fullUrl: z.string().optional(), resource: z.looseObject({ resourceType: z.string() }) });
const Bundle = z.looseObject({ resourceType: z.literal('Bundle'), entry: z.array(Entry).optional() });

type Parsed<S extends z.ZodType> = z.infer<S>;
type Ext = Parsed<typeof Extension>;

/** Thrown inside the reader only, caught at its edge and turned into the message. */
class Refused extends Error {}

const issueText = (error: z.ZodError): string => {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.');
  return path ? `${path}: ${issue?.message}` : (issue?.message ?? 'invalid');
};

const parseEntry = <S extends z.ZodType>(schema: S, resource: unknown, label: string): z.infer<S> => {
  const parsed = schema.safeParse(resource);
  if (!parsed.success) throw new Refused(`${label}: ${issueText(parsed.error)}`);
  return parsed.data;
};

const extensionValues = (list: Ext[] | undefined, url: string): Ext[] => (list ?? []).filter((item) => item.url === url);
const extensionString = (list: Ext[] | undefined, url: string): string | undefined => {
  const item = extensionValues(list, url)[0];
  return item?.valueString ?? item?.valueCode ?? item?.valueDateTime;
};
const identifierValue = (list: Parsed<typeof Identifier>[] | undefined, system: string): string | undefined =>
  list?.find((item) => item.system === system)?.value;

/** text/plain as it is; text/html with its tags taken out (line breaks kept). */
const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n+$/, '');

const attachmentText = (attachment: { contentType?: string | undefined; data?: string | undefined }, label: string): string | undefined => {
  if (attachment.data === undefined) return undefined;
  const text = fromBase64(attachment.data);
  if (text === undefined) throw new Refused(`${label}: its attachment is not base64 UTF-8 text`);
  return attachment.contentType?.startsWith('text/html') ? htmlToText(text) : text;
};

/** A note: Chartside's stored value when the file has it, else the readable text as plain paragraphs. */
const noteValue = (document: Parsed<typeof FhirDocument>, label: string): FieldValue => {
  const own = document.content.find((item) => item.attachment.contentType === CHARTSIDE_VALUE_TYPE);
  if (own) {
    const text = attachmentText(own.attachment, label) ?? '';
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Refused(`${label}: its Chartside note value is not JSON`);
    }
    return parseEntry(FieldValue, json, `${label}: its Chartside note value`);
  }
  const readable = document.content.find((item) => /^text\/(plain|html)\b/.test(item.attachment.contentType ?? ''));
  const text = readable ? attachmentText(readable.attachment, label) : undefined;
  return { deltaString: text ? plainTextDeltaString(text) : '' };
};

const noteKindOf = (document: Parsed<typeof FhirDocument>): NoteKind | undefined => {
  const code = document.type?.coding?.find((coding) => coding.system === fhirSystem.noteKind)?.code;
  return code === 'notes' || code === 'oneliner' || PatientSection.safeParse(code).success ? (code as NoteKind) : undefined;
};

/** FHIR's task priorities as Chartside's 1 (most urgent) to 5, for tasks without Chartside's own number. */
const fromFhirPriority: Record<string, number> = { stat: 1, asap: 1, urgent: 2, routine: DEFAULT_TASK_PRIORITY };

const readTask = (resource: Parsed<typeof FhirTask>, index: number): Task => {
  const priority = extensionValues(resource.extension, fhirExtension.taskPriority)[0]?.valueInteger;
  return {
    id: identifierValue(resource.identifier, fhirSystem.taskId) ?? resource.id ?? `task-${index + 1}`,
    text: resource.description ?? '',
    details: (resource.note ?? []).map((note) => note.text).join('\n'),
    completed: resource.status === 'completed',
    priority: priority ?? fromFhirPriority[resource.priority ?? ''] ?? DEFAULT_TASK_PRIORITY,
    dueDate: resource.restriction?.period?.end ?? null,
    created: resource.authoredOn ?? '',
    tags: extensionValues(resource.extension, fhirExtension.tag).flatMap((item) => (item.valueString ? [item.valueString] : [])),
  };
};

const readProblem = (resource: Parsed<typeof FhirCondition>, index: number): AssessmentProblem => {
  const id = identifierValue(resource.identifier, fhirSystem.problemId);
  const raw = (url: string) => extensionString(resource.extension, url);
  const name = raw(fhirExtension.problemText) ?? resource.code?.text ?? resource.code?.coding?.find((coding) => coding.display)?.display ?? '';
  // Chartside's own Condition carries its texts in extensions; another system's notes are its assessment.
  const foreignNotes = id === undefined ? (resource.note ?? []).map((note) => note.text).join('\n') : '';
  return { id: id ?? resource.id ?? `problem-${index + 1}`, problem: name, assessment: raw(fhirExtension.problemAssessment) ?? foreignNotes, plan: raw(fhirExtension.problemPlan) ?? '' };
};

interface Gathered {
  patient: Parsed<typeof FhirPatient>;
  ownId: string | undefined;
  problems: AssessmentProblem[];
  tasks: Task[];
  notes: { kind: NoteKind | undefined; value: FieldValue }[];
}

/** The patient's id in Chartside: its Chartside identifier, else its FHIR id, else the uuid of its urn:uuid fullUrl. */
const chartsideId = (gathered: Gathered, fullUrl: string | undefined, label: string): string => {
  const candidate = gathered.ownId ?? gathered.patient.id ?? fullUrl?.replace(/^urn:uuid:/, '');
  if (candidate === undefined || !ImportedPatientId.safeParse(candidate).success) {
    throw new Refused(`${label} has no id Chartside can use (letters, digits, "-" or "_")`);
  }
  return candidate;
};

const toPatient = (gathered: Gathered, id: string, now: string): Patient => {
  const { patient: resource, problems, tasks, notes } = gathered;
  const ext = resource.extension;
  const text = (url: string) => extensionString(ext, url) ?? '';
  const name = resource.name?.[0];
  const fields: Patient['fields'] = {};
  const texts = { notes: [] as string[], oneliner: '' };
  for (const { kind, value } of notes) {
    if (kind === 'oneliner') texts.oneliner = value.deltaString;
    else if (kind === 'notes' || kind === undefined) texts.notes.push(value.deltaString);
    else fields[kind] = value;
  }
  if (problems.length > 0 || fields.assessment?.data !== undefined) {
    const assessment = fields.assessment ?? { deltaString: '' };
    const data = typeof assessment.data === 'object' && assessment.data !== null ? assessment.data : {};
    fields.assessment = { ...assessment, data: { ...data, problems } };
  }
  const visible = extensionValues(ext, fhirExtension.visibleSection).flatMap((item) => (item.valueCode ? [item.valueCode] : []));
  const updatedAt = resource.meta?.lastUpdated ?? now;
  return {
    ...blankPatient(id, now),
    lastname: name?.family ?? '',
    firstname: (name?.given ?? []).join(' '),
    dob: resource.birthDate ?? '',
    mrn: resource.identifier?.find((item) => item.type?.coding?.some((coding) => coding.code === 'MR'))?.value ?? '',
    room: text(fhirExtension.room),
    appointment: text(fhirExtension.appointment),
    attending: text(fhirExtension.attending),
    primarydx: text(fhirExtension.primaryDiagnosis),
    oneliner: texts.oneliner,
    // A file from elsewhere may hold several notes: they are kept one after another.
    notes: texts.notes.length > 1 ? plainTextDeltaString(texts.notes.map(sectionPlainText).join('\n\n')) : (texts.notes[0] ?? ''),
    tags: extensionValues(ext, fhirExtension.tag).flatMap((item) => (item.valueString ? [item.valueString] : [])),
    tasks: tasks.map((task) => (task.created ? task : { ...task, created: now })),
    // Chartside's own Patient lists its shown sections; for another system's, the sections it has, in the usual order.
    visibleFields: (gathered.ownId !== undefined ? visible : patientSections.filter((section) => fields[section])) as PatientSection[],
    fields,
    lastAccessed: extensionString(ext, fhirExtension.lastAccessed) ?? updatedAt,
    createdAt: extensionString(ext, fhirExtension.created) ?? updatedAt,
    updatedAt,
  };
};

const read = (json: unknown, now: string): Patient[] => {
  const bundle = Bundle.safeParse(json);
  if (!bundle.success) throw new Refused(issueText(bundle.error));
  const entries = bundle.data.entry ?? [];
  const byUrl = new Map<string, Gathered>();
  const ordered: { gathered: Gathered; fullUrl: string | undefined; label: string }[] = [];
  const label = (index: number, type: string) => `entry ${index + 1} (${type})`;

  entries.forEach(({ fullUrl, resource }, index) => {
    if (resource.resourceType !== 'Patient') return;
    const patient = parseEntry(FhirPatient, resource, label(index, 'Patient'));
    const gathered: Gathered = { patient, ownId: identifierValue(patient.identifier, fhirSystem.patientId), problems: [], tasks: [], notes: [] };
    ordered.push({ gathered, fullUrl, label: label(index, 'Patient') });
    if (fullUrl) byUrl.set(fullUrl, gathered);
    if (patient.id) byUrl.set(`Patient/${patient.id}`, gathered);
  });

  const subjectOf = (reference: string, where: string): Gathered => {
    const found = byUrl.get(reference);
    if (!found) throw new Refused(`${where} refers to a patient that is not in the file (${reference})`);
    return found;
  };
  entries.forEach(({ resource }, index) => {
    const where = label(index, resource.resourceType);
    if (resource.resourceType === 'Condition') {
      const condition = parseEntry(FhirCondition, resource, where);
      const owner = subjectOf(condition.subject.reference, where);
      owner.problems.push(readProblem(condition, owner.problems.length));
    } else if (resource.resourceType === 'Task') {
      const task = parseEntry(FhirTask, resource, where);
      const owner = subjectOf(task.for.reference, where);
      owner.tasks.push(readTask(task, owner.tasks.length));
    } else if (resource.resourceType === 'DocumentReference') {
      const document = parseEntry(FhirDocument, resource, where);
      subjectOf(document.subject.reference, where).notes.push({ kind: noteKindOf(document), value: noteValue(document, where) });
    }
  });
  return ordered.map(({ gathered, fullUrl, label: where }) => toPatient(gathered, chartsideId(gathered, fullUrl, where), now));
};

/** Reads a FHIR Bundle's text as patients to import, checked as the import call checks them. */
export const readFhirBundle = (text: string, now: Date): FhirFileRead => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: fhirImportMessages.notJson };
  }
  if (!isFhirBundle(json)) return { ok: false, message: fhirImportMessages.notBundle };
  try {
    const patients = read(json, now.toISOString());
    const invalid = invalidPatientsMessage(patients);
    return invalid ? { ok: false, message: invalid } : { ok: true, patients };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: fhirImportMessages.damaged(error.message) };
    throw error;
  }
};
