// The special components beside some note sections (spec: billing, labs, assessment, reminders, attending): the shape
// of each one's structured data (`fields[section].data`), a defensive reader for stored data, and what 'Send to
// {component}' makes of the section's free text. Stored data that does not read is never overwritten: the screen
// shows the free text only and forwarding refuses, so nothing a clinician wrote is lost.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import { addProblems, extractProblems, toAssessmentProblem } from './extraction';
import { AssessmentData } from './patient';
import type { SpecialComponentSection } from './section-catalogue';

const MAX_ITEMS = 500;
const shortText = z.string().max(MAX_SHORT_TEXT);
const id = shortText.min(1);

/** What each special component is called on screen ('Send to {component}'). */
export const specialComponentNames: Readonly<Record<SpecialComponentSection, string>> = {
  assessment: 'Problem List',
  labs: 'Lab Results',
  billing: 'Billing Codes',
  reminders: 'Reminders Checklist',
  attending: 'Attestation',
};

// ---- Labs ---------------------------------------------------------------------------------------------------------

export const labFlags = ['', 'H', 'L'] as const;
export const LabResult = z.strictObject({ id, name: shortText, value: shortText, unit: shortText, flag: z.enum(labFlags) });
export type LabResult = z.infer<typeof LabResult>;
export const LabsData = z.object({ results: z.array(LabResult).max(MAX_ITEMS) });
export type LabsData = z.infer<typeof LabsData>;

/** A flag as written after a value: 'H', 'L', '(H)', 'HH', 'LL' (critical, kept as H/L), 'high', 'low', '*H'. */
const FLAG = /^\*?\(?(?:(h)h?|(l)l?|(high)|(low))\)?\*?$/i;
/** A unit: one token such as 'g/dL', 'mmol/L', '%', 'K/uL', 'mg/dL', 'x10^9/L', 'IU/mL', 'µg/L'. */
const UNIT = /^(?:%|[a-zµμ][a-z0-9µμ/^.*]{0,11}|x?10\^\d+\/[a-z]+)$/i;
/** 'Na 138', 'Hgb: 9.8', 'Trop <0.01', 'BNP >5000', 'pH 7.31', 'Hemoglobin A1c 7.2'. The name's words each start with a letter. */
const LAB_LINE = /^([a-z][\w%#/.+-]*(?:\s+[a-z][\w%#/.+-]*){0,3}?)(?:\s*[:=]\s*|\s+)([<>]=?\s?-?\d+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(.*)$/i;
/** Bullets and list markers in front of a pasted line. */
const LIST_MARKER = /^\s*(?:[-•◦▪·*]|\d+[.)])\s+/;

const flagOf = (token: string): LabResult['flag'] | null => {
  const match = FLAG.exec(token);
  if (!match) return null;
  return match[1] || match[3] ? 'H' : 'L';
};

/** One result from a line such as 'K 3.1 L', 'Hgb 9.8 g/dL' or 'Cr 1.4 (H)'; null when the line is not a result. */
const parseLabLine = (line: string, newId: () => string): LabResult | null => {
  const match = LAB_LINE.exec(line.replace(LIST_MARKER, '').trim());
  if (!match) return null;
  const [, name = '', value = '', rest = ''] = match;
  // After the value at most a unit then a flag, or one of them: anything more is prose ('Na 138 this morning').
  const tokens = rest.split(/\s+/).filter(Boolean);
  let unit = '';
  let flag: LabResult['flag'] = '';
  if (tokens.length > 2) return null;
  if (tokens.length === 2) {
    const [first = '', second = ''] = tokens;
    const secondFlag = flagOf(second);
    if (!UNIT.test(first) || secondFlag === null) return null;
    [unit, flag] = [first, secondFlag];
  } else if (tokens.length === 1) {
    const [only = ''] = tokens;
    const onlyFlag = flagOf(only);
    if (onlyFlag !== null) flag = onlyFlag;
    else if (UNIT.test(only)) unit = only;
    else return null;
  }
  return { id: newId(), name: name.trim(), value: value.replace(/\s+/g, ''), unit, flag };
};

/**
 * The lab results in pasted text: one per line, or several on a line separated by ', ' or '; ' ('Na 138, K 3.1 L').
 * Lines that are not a name and a value ('BMP this AM:', 'Na 138 this morning') are skipped.
 */
export const parseLabResults = (text: string, newId: () => string): LabResult[] =>
  text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(/[;,]\s+(?=[a-z])/i))
    .map((part) => parseLabLine(part, newId))
    .filter((result): result is LabResult => result !== null);

// ---- Billing ------------------------------------------------------------------------------------------------------

/** E/M levels (CPT): initial hospital care and subsequent hospital care; new and established outpatient visits. */
export const emLevels = {
  inpatient: [
    { code: '99221', label: '99221 Initial hospital care, straightforward/low' },
    { code: '99222', label: '99222 Initial hospital care, moderate' },
    { code: '99223', label: '99223 Initial hospital care, high' },
    { code: '99231', label: '99231 Subsequent hospital care, straightforward/low' },
    { code: '99232', label: '99232 Subsequent hospital care, moderate' },
    { code: '99233', label: '99233 Subsequent hospital care, high' },
  ],
  outpatient: [
    { code: '99202', label: '99202 New patient, straightforward' },
    { code: '99203', label: '99203 New patient, low' },
    { code: '99204', label: '99204 New patient, moderate' },
    { code: '99205', label: '99205 New patient, high' },
    { code: '99212', label: '99212 Established patient, straightforward' },
    { code: '99213', label: '99213 Established patient, low' },
    { code: '99214', label: '99214 Established patient, moderate' },
    { code: '99215', label: '99215 Established patient, high' },
  ],
} as const;
const emCodes: ReadonlySet<string> = new Set([...emLevels.inpatient, ...emLevels.outpatient].map((level) => level.code));

export const BillingCode = z.strictObject({ id, code: shortText, description: z.string().max(2_000) });
export type BillingCode = z.infer<typeof BillingCode>;
export const BillingData = z.object({
  /** The E/M level's CPT code, or '' when none is chosen. */
  emLevel: shortText,
  /** ICD-10 diagnoses. */
  diagnoses: z.array(BillingCode).max(MAX_ITEMS),
  /** Other CPT procedure codes. */
  procedures: z.array(BillingCode).max(MAX_ITEMS),
});
export type BillingData = z.infer<typeof BillingData>;

/** ICD-10-CM: a letter (not U), a digit, a digit or letter, then optionally '.' and 1-4 more ('I50.23', 'E11.9', 'I10'). */
const ICD10 = /\b([A-TV-Z]\d[0-9A-Z])(\.[0-9A-Z]{1,4})?\b/g;
/**
 * Undotted three-character words that look like ICD-10 categories but, in a note, are something else: hemoglobin
 * A1C, vitamin B12, dextrose fluids, water, N95 masks, thoracic vertebrae. A dotted code is never one of these.
 */
const ICD10_LOOKALIKES: ReadonlySet<string> = new Set(['A1C', 'B12', 'D5W', 'D10', 'H2O', 'N95', 'T10', 'T11', 'T12']);
/** A five-digit CPT code, with an optional modifier ('99214-25'). */
const CPT = /\b(\d{5})(?:-\d{2})?\b/g;
/** Other five-digit numbers (a platelet count of 150000 has six) count as CPT codes only on a line that says so. */
const CPT_CONTEXT = /\bCPT\b/i;

/**
 * What the line says beside a code: the part of the line holding it (lines list several as 'AKI N17.9; CKD 3a
 * N18.31'), without the code, labels and separators ('Acute on chronic HFrEF').
 */
const codeDescription = (line: string, code: string): string =>
  (line.split(/[;,]\s+/).find((part) => part.includes(code)) ?? line)
    .replace(LIST_MARKER, '')
    .replace(code, ' ')
    .replace(/\b(?:ICD-?10(?:-CM)?|CPT|Dx)\b\s*:?/gi, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–—-]+|[\s:–—-]+$/g, '')
    .trim();

export interface BillingCodesFound {
  /** The last E/M code of the text that is one of the levels, or null. */
  emLevel: string | null;
  diagnoses: Omit<BillingCode, 'id'>[];
  procedures: Omit<BillingCode, 'id'>[];
}

/** The ICD-10 and CPT codes in pasted text, each once, with the rest of its line as its description. */
export const findBillingCodes = (text: string): BillingCodesFound => {
  const found: BillingCodesFound = { emLevel: null, diagnoses: [], procedures: [] };
  const seen = new Set<string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    for (const match of line.matchAll(ICD10)) {
      const code = match[0];
      if (!match[2] && ICD10_LOOKALIKES.has(code)) continue;
      if (seen.has(code)) continue;
      seen.add(code);
      found.diagnoses.push({ code, description: codeDescription(line, code) });
    }
    for (const match of line.matchAll(CPT)) {
      const code = match[1] ?? '';
      if (emCodes.has(code)) {
        found.emLevel = code;
        continue;
      }
      const billable = code.startsWith('99') || CPT_CONTEXT.test(line);
      if (!billable || seen.has(match[0])) continue;
      seen.add(match[0]);
      found.procedures.push({ code: match[0], description: codeDescription(line, match[0]) });
    }
  }
  return found;
};

// ---- Reminders ----------------------------------------------------------------------------------------------------

export const Reminder = z.strictObject({ id, text: z.string().max(2_000), done: z.boolean() });
export type Reminder = z.infer<typeof Reminder>;
export const RemindersData = z.object({ items: z.array(Reminder).max(MAX_ITEMS) });
export type RemindersData = z.infer<typeof RemindersData>;

/** A checkbox written in text: '[ ]', '[x]', '☐', '☑', '✓'. */
const CHECKBOX = /^\s*(?:[-•*]\s*)?(\[\s*\]|\[[xX✓]\]|☐|☑|✓|✔)\s*/;

/** One reminder per non-blank line, bullets dropped; a line written as checked ('[x] ...', '✓ ...') is done. */
export const parseReminders = (text: string, newId: () => string): Reminder[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const box = CHECKBOX.exec(line);
      const done = Boolean(box && box[1] !== undefined && !/^\[\s*\]$|^☐$/.test(box[1]));
      const rest = box ? line.slice(box[0].length) : line.replace(LIST_MARKER, '');
      return { id: '', text: rest.trim(), done };
    })
    .filter((item) => item.text.length > 0)
    .map((item) => ({ ...item, id: newId() }));

// ---- Attending ----------------------------------------------------------------------------------------------------

export const AttendingData = z.object({
  /** The attending who attests; starts from the patient's attending. */
  attending: shortText,
  /** The attestation statement, plain text. */
  statement: z.string().max(20_000),
});
export type AttendingData = z.infer<typeof AttendingData>;

// ---- Reading and forwarding ---------------------------------------------------------------------------------------

export interface SpecialData {
  assessment: AssessmentData;
  labs: LabsData;
  billing: BillingData;
  reminders: RemindersData;
  attending: AttendingData;
}

const schemas: { [S in SpecialComponentSection]: z.ZodType<SpecialData[S]> } = {
  assessment: AssessmentData,
  labs: LabsData,
  billing: BillingData,
  reminders: RemindersData,
  attending: AttendingData,
};

/** What a special component starts from when its section has no data yet. */
export const emptySpecialData = <S extends SpecialComponentSection>(section: S): SpecialData[S] => {
  const empty: SpecialData = {
    assessment: { problems: [] },
    labs: { results: [] },
    billing: { emLevel: '', diagnoses: [], procedures: [] },
    reminders: { items: [] },
    attending: { attending: '', statement: '' },
  };
  return empty[section];
};

/**
 * The data a component starts from before it is first used: stored data as it is, and for the attestation with
 * nothing stored the patient's attending as the one who attests. Once stored, the attestation's attending is only
 * what the user chose, so emptying it keeps it empty.
 */
export const specialDataOrStart = (section: SpecialComponentSection, data: unknown, patientAttending: string): unknown =>
  section === 'attending' && (data === undefined || data === null) ? { ...emptySpecialData('attending'), attending: patientAttending } : data;

export type SpecialDataReading<S extends SpecialComponentSection> = { ok: true; data: SpecialData[S] } | { ok: false };

/**
 * Stored data as the component's shape: absent data is the empty shape; anything that does not fit is `ok: false`.
 * Keys the shape does not know (written by a newer version) are kept: the parsed data is laid over the stored object,
 * so an edit through the component does not drop them.
 */
export const readSpecialData = <S extends SpecialComponentSection>(section: S, data: unknown): SpecialDataReading<S> => {
  if (data === undefined || data === null) return { ok: true, data: emptySpecialData(section) };
  const parsed = schemas[section].safeParse(data);
  if (!parsed.success) return { ok: false };
  return { ok: true, data: { ...(data as object), ...parsed.data } };
};

/** Why forwarding added nothing, in the words the screen shows. */
export const forwardProblems = {
  unreadable: (section: SpecialComponentSection) => `The stored ${specialComponentNames[section]} could not be read, so nothing was added to it.`,
  nothingFound: (section: SpecialComponentSection) => `Nothing in the text could be added to the ${specialComponentNames[section]}.`,
} as const;

/** What forwarding assessment text with no '#' problem line says; the extraction drawer says the same. */
export const NO_PROBLEMS_FOUND = "No problems found. Each problem starts on a line beginning with '#'.";

/** `replaced`: the forward overwrote something already there (the statement, the E/M level), so it needs an Undo. */
export type ForwardResult = { ok: true; data: unknown; added: number; replaced: boolean } | { ok: false; message: string };

/**
 * 'Send to {component}': the section's free text (plain) added to its special component's data. Problems, results,
 * codes and reminders are appended after what is there; the attestation statement and a found E/M level replace the
 * ones there. The data given is not changed.
 */
export const forwardToSpecialComponent = (section: SpecialComponentSection, text: string, data: unknown, newId: () => string): ForwardResult => {
  const nothing = { ok: false, message: forwardProblems.nothingFound(section) } as const;
  switch (section) {
    case 'assessment': {
      const current = readSpecialData('assessment', data);
      if (!current.ok) return { ok: false, message: forwardProblems.unreadable(section) };
      const problems = extractProblems(text).map((extracted) => toAssessmentProblem(extracted, newId()));
      if (problems.length === 0) return { ok: false, message: NO_PROBLEMS_FOUND };
      const { fields } = addProblems({ fields: { assessment: { deltaString: '', data: current.data } } }, problems, 'append');
      return { ok: true, data: fields.assessment?.data, added: problems.length, replaced: false };
    }
    case 'labs': {
      const current = readSpecialData('labs', data);
      if (!current.ok) return { ok: false, message: forwardProblems.unreadable(section) };
      const results = parseLabResults(text, newId);
      if (results.length === 0) return nothing;
      return { ok: true, data: { ...current.data, results: [...current.data.results, ...results] }, added: results.length, replaced: false };
    }
    case 'billing': {
      const current = readSpecialData('billing', data);
      if (!current.ok) return { ok: false, message: forwardProblems.unreadable(section) };
      const found = findBillingCodes(text);
      const known = new Set([...current.data.diagnoses, ...current.data.procedures].map((code) => code.code));
      const fresh = (codes: Omit<BillingCode, 'id'>[]) => codes.filter((code) => !known.has(code.code)).map((code) => ({ id: newId(), ...code }));
      const diagnoses = fresh(found.diagnoses);
      const procedures = fresh(found.procedures);
      const added = diagnoses.length + procedures.length + (found.emLevel ? 1 : 0);
      if (added === 0) return nothing;
      return {
        ok: true,
        data: {
          ...current.data,
          emLevel: found.emLevel ?? current.data.emLevel,
          diagnoses: [...current.data.diagnoses, ...diagnoses],
          procedures: [...current.data.procedures, ...procedures],
        },
        added,
        replaced: found.emLevel !== null && current.data.emLevel !== '' && found.emLevel !== current.data.emLevel,
      };
    }
    case 'reminders': {
      const current = readSpecialData('reminders', data);
      if (!current.ok) return { ok: false, message: forwardProblems.unreadable(section) };
      const items = parseReminders(text, newId);
      if (items.length === 0) return nothing;
      return { ok: true, data: { ...current.data, items: [...current.data.items, ...items] }, added: items.length, replaced: false };
    }
    case 'attending': {
      const current = readSpecialData('attending', data);
      if (!current.ok) return { ok: false, message: forwardProblems.unreadable(section) };
      const statement = text.trim();
      if (!statement) return nothing;
      return { ok: true, data: { ...current.data, statement }, added: 1, replaced: current.data.statement.trim() !== '' && current.data.statement !== statement };
    }
  }
};
