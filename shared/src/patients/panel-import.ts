// The panel's Import/Export (spec section 4, Panel import): reading an export file with a clear message for a bad one,
// choosing which patients to import by default, and building the file.
import type { z } from 'zod';
import { ImportedPatientId, PANEL_EXPORT_FORMAT, PANEL_EXPORT_VERSION, PanelExport } from '../contracts/patients';
import { Patient } from './patient';
import { displayName } from './patient-name';

export type PanelFileRead = { ok: true; file: PanelExport } | { ok: false; message: string };

/** A patient as the import call accepts it, so a file that reads here also imports. */
const ImportablePatient = Patient.extend({ id: ImportedPatientId });

/** How many bad patients a message names before it says 'and N more'. */
const MAX_NAMED_PROBLEMS = 3;

/** Ends the text with a full stop unless a reason quoted at its end already has one. */
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

export const panelImportMessages = {
  notJson: 'This file is not a Chartside panel export: it is not valid JSON.',
  wrongFormat: 'This file is not a Chartside panel export.',
  newerVersion: (version: number) =>
    `This panel export was made by a newer version of Chartside (format version ${version}). Update Chartside, then import it again.`,
  unknownVersion: 'This panel export has no valid format version.',
  damaged: (why: string) => sentence(`This panel export is damaged: ${why}`),
  badPatients: (problems: string[], more: number) =>
    sentence(`This panel export has invalid patients: ${problems.join('; ')}${more > 0 ? `; and ${more} more` : ''}`),
} as const;

/** 'dob: Invalid ISO date' — where in the entry, then zod's reason. */
const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
};

/** 'patient 3 (Doe, Jane)' — the position in the file counts from 1, the name when the entry has one. */
const patientLabel = (entry: unknown, index: number): string => {
  const { lastname, firstname } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const name = typeof lastname === 'string' && typeof firstname === 'string' ? displayName({ lastname, firstname }) : '';
  return `patient ${index + 1}${name ? ` (${name})` : ''}`;
};

/** The problems of the patient entries, each as 'patient N (name): field: why'. */
const patientProblems = (entries: unknown[]): string[] => {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const parsed = ImportablePatient.safeParse(entry);
    if (!parsed.success) {
      problems.push(`${patientLabel(entry, index)}: ${firstIssue(parsed.error)}`);
      return;
    }
    const first = seen.get(parsed.data.id);
    if (first !== undefined) problems.push(`${patientLabel(entry, index)}: same id as patient ${first + 1}`);
    else seen.set(parsed.data.id, index);
  });
  return problems;
};

/** Why these patient entries cannot be imported (each must be a whole patient with a plain id of its own), or undefined. */
export const invalidPatientsMessage = (entries: unknown[]): string | undefined => {
  const problems = patientProblems(entries);
  if (problems.length === 0) return undefined;
  return panelImportMessages.badPatients(problems.slice(0, MAX_NAMED_PROBLEMS), problems.length - MAX_NAMED_PROBLEMS);
};

/** Is the file's JSON a FHIR Bundle (read by the FHIR import) rather than Chartside's own export? */
export const isFhirBundle = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && (json as { resourceType?: unknown }).resourceType === 'Bundle';

/** Reads the text of a chosen file. Never throws: a bad file gives a message that says what is wrong. */
export const readPanelExport = (text: string): PanelFileRead => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: panelImportMessages.notJson };
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== PANEL_EXPORT_FORMAT) {
    return { ok: false, message: panelImportMessages.wrongFormat };
  }
  const { version, patients } = json as { version?: unknown; patients?: unknown };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return { ok: false, message: panelImportMessages.unknownVersion };
  if (version > PANEL_EXPORT_VERSION) return { ok: false, message: panelImportMessages.newerVersion(version) };
  if (!Array.isArray(patients)) return { ok: false, message: panelImportMessages.damaged('it has no list of patients') };
  const invalid = invalidPatientsMessage(patients);
  if (invalid) return { ok: false, message: invalid };
  const parsed = PanelExport.safeParse(json);
  if (!parsed.success) return { ok: false, message: panelImportMessages.damaged(firstIssue(parsed.error)) };
  return { ok: true, file: parsed.data };
};

export type ImportStatus = 'new' | 'newer' | 'unchanged' | 'older';

export interface ImportCandidate<T> {
  patient: T;
  status: ImportStatus;
  /** Selected by default when new, or newer than the patient already here. */
  selected: boolean;
}

/** Each incoming patient with its status against the patients already here (matched by id, compared by lastAccessed). */
export const preselectImport = <T extends Pick<Patient, 'id' | 'lastAccessed'>>(
  existing: readonly Pick<Patient, 'id' | 'lastAccessed'>[],
  incoming: readonly T[],
): ImportCandidate<T>[] => {
  const here = new Map(existing.map((patient) => [patient.id, Date.parse(patient.lastAccessed)]));
  return incoming.map((patient) => {
    const current = here.get(patient.id);
    const theirs = Date.parse(patient.lastAccessed);
    const status: ImportStatus = current === undefined ? 'new' : theirs > current ? 'newer' : theirs === current ? 'unchanged' : 'older';
    return { patient, status, selected: status === 'new' || status === 'newer' };
  });
};

/** The export file for these patients. */
export const buildPanelExport = (patients: readonly Patient[], now: Date): PanelExport => ({
  format: PANEL_EXPORT_FORMAT,
  version: PANEL_EXPORT_VERSION,
  exportedAt: now.toISOString(),
  patients: [...patients],
});

/** 'chartside-panel-2026-03-10.json', by the local date. */
export const panelExportFileName = (now: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `chartside-panel-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
};
