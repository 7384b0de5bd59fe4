import { describe, expect, it } from 'vitest';
import { sectionPlainText } from '../resources/section-text';
import type { AssessmentProblem, PatientFields } from './patient';
import {
  autoFormat, COPY_RULE, copyAllFieldsAsText, fieldText, NO_UPDATES_TEXT, noUpdatesDeltaString, plainTextDeltaString,
  problemListText,
} from './copy-as-text';
import { extractProblems, toAssessmentProblem } from './extraction';

/** Rich text as the editor stores it: one paragraph block per line. */
const rich = (...lines: string[]) =>
  JSON.stringify(lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] })));

const sepsis: AssessmentProblem = {
  id: 'p1',
  problem: 'Sepsis secondary to RLL pneumonia',
  assessment: 'Febrile to 39.2 overnight, lactate 3.1 -> 1.4.',
  plan: '- Continue ceftriaxone + azithromycin (day 3/5)\n- Follow blood cultures',
};
const aki: AssessmentProblem = { id: 'p2', problem: rich('AKI on CKD 3a'), assessment: '', plan: rich('- Hold lisinopril', '- Daily BMP') };

describe('problemListText', () => {
  it('numbers the problems and puts the assessment and plan under each, rich or plain', () =>
    expect(problemListText([sepsis, aki])).toBe(
      [
        '#1 Sepsis secondary to RLL pneumonia',
        'Febrile to 39.2 overnight, lactate 3.1 -> 1.4.',
        '- Continue ceftriaxone + azithromycin (day 3/5)',
        '- Follow blood cultures',
        '#2 AKI on CKD 3a',
        '- Hold lisinopril',
        '- Daily BMP',
      ].join('\n'),
    ));

  it('reads back through the regex extraction into the same problems', () => {
    const back = extractProblems(problemListText([sepsis])).map((extracted, i) => toAssessmentProblem(extracted, `p${i + 1}`));
    expect(back).toEqual([sepsis]);
  });

  it('is empty for no problems', () => expect(problemListText([])).toBe(''));
  it('writes a problem without a name as its number only', () =>
    expect(problemListText([{ id: 'p', problem: '', assessment: '', plan: '- f/u' }])).toBe('#1\n- f/u'));
});

describe('fieldText', () => {
  it.each([
    ['a missing field', 'vitals', undefined, ''],
    ['an empty body', 'vitals', { deltaString: '' }, ''],
    ['rich text', 'vitals', { deltaString: rich('T 37.1 HR 88 BP 128/76', 'SpO2 95% 2L NC') }, 'T 37.1 HR 88 BP 128/76\nSpO2 95% 2L NC'],
    ['text that is not JSON (kept as it is)', 'exam', { deltaString: 'Lungs: crackles R base' }, 'Lungs: crackles R base'],
    ['problems outside the assessment (ignored)', 'labs', { deltaString: '', data: { problems: [sepsis] } }, ''],
    ['the assessment with free text and problems', 'assessment', { deltaString: rich('72M with sepsis, improving.'), data: { problems: [aki] } },
      '72M with sepsis, improving.\n#1 AKI on CKD 3a\n- Hold lisinopril\n- Daily BMP'],
    ['the assessment with a broken structure (free text only)', 'assessment', { deltaString: rich('Stable.'), data: { problems: 'x' } }, 'Stable.'],
  ] as const)('%s', (_name, section, value, want) => expect(fieldText(section, value)).toBe(want));
});

describe('copyAllFieldsAsText', () => {
  const patient: Pick<PatientFields, 'visibleFields' | 'fields'> = {
    visibleFields: ['subjective', 'vitals', 'io', 'labs', 'assessment'],
    fields: {
      subjective: { deltaString: rich('No acute events overnight. Cough improving.') },
      vitals: { deltaString: rich('T 37.1 HR 88 BP 128/76') },
      io: { deltaString: '   ' },
      assessment: { deltaString: '', data: { problems: [sepsis] } },
      exam: { deltaString: rich('Not visible, so not copied') },
    },
  };

  it('copies the visible fields with text, in order: TITLE, 70 dashes, text, a blank line between', () =>
    expect(copyAllFieldsAsText(patient)).toBe(
      [
        'SUBJECTIVE',
        COPY_RULE,
        'No acute events overnight. Cough improving.',
        '',
        'VITALS',
        COPY_RULE,
        'T 37.1 HR 88 BP 128/76',
        '',
        'ASSESSMENT & PLAN',
        COPY_RULE,
        problemListText([sepsis]),
      ].join('\n'),
    ));

  it('has a rule of exactly 70 dashes', () => expect(COPY_RULE).toMatch(/^-{70}$/));
  it('is empty when no visible field has text', () => expect(copyAllFieldsAsText({ visibleFields: ['io', 'labs'], fields: {} })).toBe(''));
  it('follows the chosen order', () =>
    expect(copyAllFieldsAsText({ ...patient, visibleFields: ['vitals', 'subjective'] }).split('\n')[0]).toBe('VITALS'));
});

describe('the No updates marker and plain text bodies', () => {
  it('writes the spec text as a body the copy reads back', () => {
    expect(NO_UPDATES_TEXT).toBe('No updates/new information');
    expect(sectionPlainText(noUpdatesDeltaString())).toBe('No updates/new information');
  });
  it('keeps lines as paragraphs', () => expect(sectionPlainText(plainTextDeltaString('a\nb'))).toBe('a\nb'));
});

describe('autoFormat', () => {
  it.each([
    ['trailing spaces', 'BP 128/76   \nHR 88\t', 'BP 128/76\nHR 88'],
    ['Windows line endings', 'a\r\nb\rc', 'a\nb\nc'],
    ['three or more blank lines', 'Cough\n\n\n\nFever', 'Cough\n\nFever'],
    ['one blank line kept', 'Cough\n\nFever', 'Cough\n\nFever'],
    ['blank lines around', '\n\n  \nCough\n\n', 'Cough'],
    ['word-processor bullets', '• CBC\n◦ diff\n▪ BMP\n· Mg', '- CBC\n- diff\n- BMP\n- Mg'],
    ['star bullets, indentation kept', '* KCl 40\n  *   recheck K', '- KCl 40\n  - recheck K'],
    ['highlights left alone', '*** call family ***', '*** call family ***'],
    ['I/O signs left alone', '+1.2 L\n-300 mL\n- Lasix 40', '+1.2 L\n-300 mL\n- Lasix 40'],
    ['already tidy', '- a\n- b', '- a\n- b'],
    ['nothing', '', ''],
  ])('%s', (_name, text, want) => expect(autoFormat(text)).toBe(want));

  it('changes nothing on a second run', () => {
    const once = autoFormat('• a  \r\n\r\n\r\n\r\n* b\n');
    expect(autoFormat(once)).toBe(once);
  });
});

describe('copyAllFieldsAsText with a repeated visible field', () => {
  it('copies a field listed twice once', () => {
    const text = copyAllFieldsAsText({ visibleFields: ['exam', 'exam'], fields: { exam: { deltaString: plainTextDeltaString('Lungs clear') } } });
    expect(text).toBe(`EXAM\n${COPY_RULE}\nLungs clear`);
  });
});
