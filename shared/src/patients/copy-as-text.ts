// Copying a patient's note as plain text (spec: Patient screen), and the text rules of a field's hover actions.
import { sectionPlainText } from '../resources/section-text';
import type { AssessmentProblem, FieldValue, PatientFields, PatientSection } from './patient';
import { sectionTitle, shownSections } from './section-catalogue';

/** The rule under each title when copying all fields: 70 dashes (spec). */
export const COPY_RULE = '-'.repeat(70);

/** The text the 'mark No updates/new information' hover action puts in a field. */
export const NO_UPDATES_TEXT = 'No updates/new information';

/** A field body holding plain text as the editor stores it (BlockNote JSON), one paragraph per line. */
export const plainTextDeltaString = (text: string): string =>
  JSON.stringify(text.split('\n').map((line) => ({ type: 'paragraph', content: line ? [{ type: 'text', text: line, styles: {} }] : [], children: [] })));

/** The body the 'No updates/new information' action writes. */
export const noUpdatesDeltaString = (): string => plainTextDeltaString(NO_UPDATES_TEXT);

const isProblemList = (data: unknown): data is { problems: AssessmentProblem[] } =>
  typeof data === 'object' && data !== null && Array.isArray((data as { problems?: unknown }).problems);

/**
 * The problem list as a note's A&P reads: '#1 Problem', then its assessment and plan lines. The same shape the regex
 * extraction reads, so copied problems can be extracted again. Problem parts may be rich text or plain text.
 */
export const problemListText = (problems: readonly AssessmentProblem[]): string =>
  problems
    .map((item, index) => {
      const body = [sectionPlainText(item.assessment), sectionPlainText(item.plan)].filter((part) => part.trim());
      const name = sectionPlainText(item.problem).replace(/\s*\n\s*/g, ' ').trim();
      return [`#${index + 1} ${name}`.trimEnd(), ...body].join('\n');
    })
    .join('\n');

/** A field's text: its free text, and for the assessment its problem list after it. */
export const fieldText = (section: PatientSection, value: FieldValue | undefined): string => {
  if (!value) return '';
  const parts = [sectionPlainText(value.deltaString)];
  if (section === 'assessment' && isProblemList(value.data)) parts.push(problemListText(value.data.problems));
  return parts.filter((part) => part.trim()).join('\n').trim();
};

/** Every visible field with text, in the visible order: TITLE, the 70-dash rule, the text; a blank line between fields. */
export const copyAllFieldsAsText = ({ visibleFields, fields }: Pick<PatientFields, 'visibleFields' | 'fields'>): string =>
  shownSections(visibleFields)
    .map((section) => ({ section, text: fieldText(section, fields[section]) }))
    .filter(({ text }) => text.length > 0)
    .map(({ section, text }) => `${sectionTitle(section).toUpperCase()}\n${COPY_RULE}\n${text}`)
    .join('\n\n');

/** Bullet characters pasted from word processors and other EHRs, written back as '- '. */
const FOREIGN_BULLET = /^(\s*)[•◦▪·*]\s+/;
const BLANK_RUN = /\n{3,}/g;

/**
 * The 'auto-format' hover action, on plain text: Windows line endings become '\n', trailing spaces go, bullets
 * '•', '◦', '▪', '·' and a lone '*' become '- ' (indentation kept; '***' highlights are left alone), runs of blank
 * lines shrink to one, and blank lines at the start and end go. Nothing else changes: numbers, '+' and dashes in
 * I/O lines and aligned columns are meaningful.
 */
export const autoFormat = (text: string): string =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd().replace(FOREIGN_BULLET, '$1- '))
    .join('\n')
    .replace(BLANK_RUN, '\n\n')
    .replace(/^\n+|\n+$/g, '');
