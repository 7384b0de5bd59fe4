// The Regex mode of the Content Extraction drawer (spec section 5), and adding its results to the assessment.
// Rules: a problem is a block starting with a line beginning '#'; the lines after it that do not start with '#' are
// its plan; a plan line starting with '-', '[', '=' or a tab begins a new item, any other line is joined to the item
// before it. Text before the first '#' line is not part of any problem and is ignored. Two readings of our own: a
// bullet indented with spaces ('  - recheck K') is still an item (notes pasted from the EHR are indented that way),
// and blank lines are skipped.
import { badRequest } from '../errors/app-error';
import type { AssessmentData, AssessmentProblem, PatientFields } from './patient';

/** One result of the drawer: editable, then added to the assessment. */
export interface ExtractedProblem {
  problem: string;
  /** The plan items, one per line, each as written (bullets and indentation kept). */
  assessmentAndPlan: string;
}

export const extractionModes = ['regex', 'vertex', 'local'] as const;
export type ExtractionMode = (typeof extractionModes)[number];
export const DEFAULT_EXTRACTION_MODE: ExtractionMode = 'regex';

export const addProblemsModes = ['prepend', 'append'] as const;
export type AddProblemsMode = (typeof addProblemsModes)[number];

/** The spec's messages (section 8), shown in the 'Error Adding Problems' toast. */
export const addProblemsErrors = {
  noPatient: 'Patient data is not available',
  notArray: 'Problems must be an array',
  badStructure: 'Assessment data structure is invalid',
  badMode: 'Invalid mode specified. Must be "prepend" or "append"',
} as const;

const PROBLEM_LINE = /^ *#/;
/** Leading '#'s, and an ordinal right after them ('#1 ', '#2. ') or punctuated ('# 3) '), so '# 3 vessel CAD' keeps its 3. */
const PROBLEM_PREFIX = /^ *#+(?:\d+[.):]?\s+|\s*\d+[.):]\s+|\s*)/;
/** A tab, or '-', '[' or '=' after optional spaces. */
const ITEM_START = /^(?:\t| *[-[=])/;
const LINE_BREAK = /\r\n|\r|\n/;

/** The problem's name as written on its '#' line, without the hashes and ordinal. */
const problemName = (line: string): string => line.replace(PROBLEM_PREFIX, '').trim();

/** Runs the regex extraction over pasted note text. Never throws; a text without a '#' line gives no problems. */
export const extractProblems = (text: string): ExtractedProblem[] => {
  const problems: { problem: string; items: string[] }[] = [];
  for (const rawLine of text.split(LINE_BREAK)) {
    const line = rawLine.trimEnd();
    if (PROBLEM_LINE.test(line)) {
      problems.push({ problem: problemName(line), items: [] });
      continue;
    }
    const current = problems.at(-1);
    if (!current || line.trim() === '') continue;
    const items = current.items;
    const last = items.at(-1);
    if (ITEM_START.test(line)) items.push(line);
    else if (last === undefined) items.push(line.trim());
    else items[items.length - 1] = `${last} ${line.trim()}`;
  }
  return problems.map(({ problem, items }) => ({ problem, assessmentAndPlan: items.join('\n') }));
};

/**
 * The assessment item for an extracted problem: a first line that is not a list item (the narrative written under the
 * problem) is the assessment, the items are the plan.
 */
export const toAssessmentProblem = (extracted: ExtractedProblem, id: string): AssessmentProblem => {
  const lines = extracted.assessmentAndPlan.split('\n');
  const hasNarrative = lines[0] !== undefined && lines[0] !== '' && !ITEM_START.test(lines[0]);
  return {
    id,
    problem: extracted.problem,
    assessment: hasNarrative ? (lines[0] ?? '') : '',
    plan: (hasNarrative ? lines.slice(1) : lines).join('\n'),
  };
};

const isAssessmentData = (data: unknown): data is AssessmentData =>
  typeof data === 'object' && data !== null && Array.isArray((data as { problems?: unknown }).problems);

/**
 * Adds problems to the start or end of `fields.assessment.data.problems`, creating the structure when the assessment
 * field (or its data) is empty. Returns a new object; the one given is not changed. Throws a 400 AppError with the
 * spec's message when the patient, the problems, the existing structure or the mode is wrong.
 */
export const addProblems = <T extends Pick<PatientFields, 'fields'>>(
  patient: T | null | undefined,
  problems: readonly AssessmentProblem[],
  mode: AddProblemsMode,
): T => {
  if (!patient || typeof patient !== 'object' || typeof patient.fields !== 'object' || patient.fields === null) {
    throw badRequest(addProblemsErrors.noPatient);
  }
  if (!Array.isArray(problems)) throw badRequest(addProblemsErrors.notArray);
  const field = patient.fields.assessment;
  const data: unknown = field?.data ?? { problems: [] };
  if (!isAssessmentData(data)) throw badRequest(addProblemsErrors.badStructure);
  if (!(addProblemsModes as readonly string[]).includes(mode)) throw badRequest(addProblemsErrors.badMode);
  const merged = mode === 'prepend' ? [...problems, ...data.problems] : [...data.problems, ...problems];
  return {
    ...patient,
    fields: { ...patient.fields, assessment: { ...(field ?? { deltaString: '' }), data: { ...data, problems: merged } } },
  };
};
