import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { AssessmentData, type AssessmentProblem, type PatientFields } from './patient';
import { addProblems, addProblemsErrors, type AddProblemsMode, extractProblems, toAssessmentProblem } from './extraction';

const sepsisNote = `72M with HTN, DM2 admitted with fever and hypotension.

#1 Sepsis secondary to RLL pneumonia
Febrile to 39.2 overnight, MAP now >65 off pressors. Lactate 3.1 -> 1.4.
- Continue ceftriaxone 2 g daily + azithromycin 500 mg (day 3/5)
- Follow blood cultures x2 (NGTD at 48 h)
- Trend procalcitonin
#2 AKI on CKD 3a
Cr 2.1 from baseline 1.3, likely prerenal in setting of sepsis.
- Hold lisinopril and metformin
- Renally dose antibiotics
- Strict I/O, daily BMP`;

const dkaNote = [
  '# 1. DKA, resolving',
  'AG 24 -> 12, bicarb 18. Tolerating PO.',
  '[ ] Transition to SQ insulin: glargine 20 u + lispro SSI',
  '[ ] Overlap insulin drip 2 h after glargine',
  '[x] Endocrine consulted',
  '= K 3.4, replete to >4.0',
  '',
  '# 2. Hypokalemia',
  '- KCl 40 mEq PO x2',
  '  recheck BMP in 4 h',
].join('\r\n');

const chfNote = `#CHF exacerbation (HFrEF, EF 25%)
Net -1.8 L yesterday, weight 92.4 kg (dry ~88 kg). Still with bibasilar crackles,
JVP to angle of jaw.
- IV furosemide 80 mg BID
\t- goal net -1 to -2 L/day
\t- BMP BID while diuresing
- Continue carvedilol 12.5 mg BID, hold if SBP < 90
#COPD
- Duonebs q6h PRN
- Continue home tiotropium
#FEN/PPx
- 2 g Na diet, 1.5 L fluid restriction
- DVT ppx: heparin SQ`;

describe('extractProblems on realistic assessment-and-plan text', () => {
  it('splits a sepsis and AKI note, ignoring the one-liner before the first problem', () => {
    expect(extractProblems(sepsisNote)).toEqual([
      {
        problem: 'Sepsis secondary to RLL pneumonia',
        assessmentAndPlan: [
          'Febrile to 39.2 overnight, MAP now >65 off pressors. Lactate 3.1 -> 1.4.',
          '- Continue ceftriaxone 2 g daily + azithromycin 500 mg (day 3/5)',
          '- Follow blood cultures x2 (NGTD at 48 h)',
          '- Trend procalcitonin',
        ].join('\n'),
      },
      {
        problem: 'AKI on CKD 3a',
        assessmentAndPlan: [
          'Cr 2.1 from baseline 1.3, likely prerenal in setting of sepsis.',
          '- Hold lisinopril and metformin',
          '- Renally dose antibiotics',
          '- Strict I/O, daily BMP',
        ].join('\n'),
      },
    ]);
  });

  it('reads a DKA note with Windows line endings, checkboxes, = lines, blank lines and an indented continuation', () => {
    expect(extractProblems(dkaNote)).toEqual([
      {
        problem: 'DKA, resolving',
        assessmentAndPlan: [
          'AG 24 -> 12, bicarb 18. Tolerating PO.',
          '[ ] Transition to SQ insulin: glargine 20 u + lispro SSI',
          '[ ] Overlap insulin drip 2 h after glargine',
          '[x] Endocrine consulted',
          '= K 3.4, replete to >4.0',
        ].join('\n'),
      },
      { problem: 'Hypokalemia', assessmentAndPlan: '- KCl 40 mEq PO x2 recheck BMP in 4 h' },
    ]);
  });

  it('joins wrapped narrative lines and keeps tab-indented sub-bullets as their own items', () => {
    const [chf, copd, fen] = extractProblems(chfNote);
    expect(chf).toEqual({
      problem: 'CHF exacerbation (HFrEF, EF 25%)',
      assessmentAndPlan: [
        'Net -1.8 L yesterday, weight 92.4 kg (dry ~88 kg). Still with bibasilar crackles, JVP to angle of jaw.',
        '- IV furosemide 80 mg BID',
        '\t- goal net -1 to -2 L/day',
        '\t- BMP BID while diuresing',
        '- Continue carvedilol 12.5 mg BID, hold if SBP < 90',
      ].join('\n'),
    });
    expect(copd).toEqual({ problem: 'COPD', assessmentAndPlan: '- Duonebs q6h PRN\n- Continue home tiotropium' });
    expect(fen?.problem).toBe('FEN/PPx');
  });

  it.each([
    ['#1 Sepsis', 'Sepsis'],
    ['#1. Sepsis', 'Sepsis'],
    ['#12) Anemia of chronic disease', 'Anemia of chronic disease'],
    ['# 2. AKI', 'AKI'],
    ['# 3: Hyponatremia', 'Hyponatremia'],
    ['#AKI', 'AKI'],
    ['## Hypertension  ', 'Hypertension'],
    ['  # Indented problem', 'Indented problem'],
    ['# 3 vessel CAD s/p CABG', '3 vessel CAD s/p CABG'],
    ['#2DM, A1c 9.1%', '2DM, A1c 9.1%'],
    ['#', ''],
  ])('problem line %j names %j', (line, problem) => expect(extractProblems(line)).toEqual([{ problem, assessmentAndPlan: '' }]));

  it.each([
    ['no text', ''],
    ['only blank lines', '\n\n  \n'],
    ['a note without problems', 'Pt seen and examined.\n- labs pending'],
    ['a tab-indented hash (an item, not a problem)', '\t#1 not a problem'],
  ])('finds nothing in %s', (_name, text) => expect(extractProblems(text)).toEqual([]));

  it('starts the plan with a plain line when no item came first, and joins the next plain line to it', () => {
    expect(extractProblems('#HTN\nBP 150s-160s\non amlodipine 10\n- add HCTZ 12.5')).toEqual([
      { problem: 'HTN', assessmentAndPlan: 'BP 150s-160s on amlodipine 10\n- add HCTZ 12.5' },
    ]);
  });

  it('treats space-indented bullets as items, keeping the indentation', () => {
    expect(extractProblems('#Hyperkalemia\n- K 6.1\n  - calcium gluconate 1 g\n  - insulin/dextrose')[0]?.assessmentAndPlan).toBe(
      '- K 6.1\n  - calcium gluconate 1 g\n  - insulin/dextrose',
    );
  });

  it('gives consecutive # lines each their own empty plan', () => {
    expect(extractProblems('#HLD\n#GERD\n#OSA on CPAP')).toEqual([
      { problem: 'HLD', assessmentAndPlan: '' },
      { problem: 'GERD', assessmentAndPlan: '' },
      { problem: 'OSA on CPAP', assessmentAndPlan: '' },
    ]);
  });

  it('never throws, and every line starting with # (after spaces) becomes one problem, in order', () => {
    const line = fc.oneof(fc.string(), fc.constantFrom('#', '# 1.', '-', '[ ]', '=', '\t', '  -', '\r', ''));
    fc.assert(
      fc.property(fc.array(fc.tuple(line, line).map(([a, b]) => a + b), { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const text = lines.join(eol);
        const hashLines = text.split(/\r\n|\r|\n/).filter((l) => /^ *#/.test(l));
        const problems = extractProblems(text);
        expect(problems).toHaveLength(hashLines.length);
        problems.forEach((p, i) => expect(hashLines[i]).toContain(p.problem));
      }),
    );
  });

  it('loses no plan text: every other line after the first problem is in some plan', () => {
    const line = fc.oneof(fc.string(), fc.constantFrom('#AKI', '- hold ACEi', '[ ] BMP', '= K 3.4', '\tsub', 'wrapped text', ''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        const all = text.split(/\r\n|\r|\n/);
        const first = all.findIndex((l) => /^ *#/.test(l));
        const plans = extractProblems(text).map((p) => p.assessmentAndPlan).join('\n');
        if (first === -1) return;
        all.slice(first + 1).filter((l) => !/^ *#/.test(l) && l.trim()).forEach((l) => expect(plans).toContain(l.trim()));
      }),
    );
  });
});

describe('toAssessmentProblem', () => {
  it.each([
    [
      'narrative then items',
      { problem: 'AKI', assessmentAndPlan: 'Cr 2.1, prerenal.\n- Hold lisinopril\n- IVF' },
      { id: 'p1', problem: 'AKI', assessment: 'Cr 2.1, prerenal.', plan: '- Hold lisinopril\n- IVF' },
    ],
    ['items only', { problem: 'COPD', assessmentAndPlan: '- Duonebs' }, { id: 'p1', problem: 'COPD', assessment: '', plan: '- Duonebs' }],
    ['a tab item first', { problem: 'X', assessmentAndPlan: '\t- a' }, { id: 'p1', problem: 'X', assessment: '', plan: '\t- a' }],
    ['nothing', { problem: 'HLD', assessmentAndPlan: '' }, { id: 'p1', problem: 'HLD', assessment: '', plan: '' }],
  ])('%s', (_name, extracted, want) => expect(toAssessmentProblem(extracted, 'p1')).toEqual(want));
});

const problem = (id: string, name = id): AssessmentProblem => ({ id, problem: name, assessment: '', plan: '' });
const withAssessment = (data: unknown): Pick<PatientFields, 'fields'> => ({ fields: { assessment: { deltaString: '[]', data, expanded: true } } });

describe('addProblems', () => {
  it.each([
    ['append', ['old1', 'old2', 'new1', 'new2']],
    ['prepend', ['new1', 'new2', 'old1', 'old2']],
  ] as const)('%s puts the new problems at the right end', (mode, ids) => {
    const patient = withAssessment({ problems: [problem('old1'), problem('old2')] });
    const result = addProblems(patient, [problem('new1'), problem('new2')], mode);
    expect((result.fields.assessment?.data as AssessmentData).problems.map((p) => p.id)).toEqual(ids);
    expect(result.fields.assessment?.expanded).toBe(true);
  });

  it.each([
    ['no assessment field', { fields: { vitals: { deltaString: 'BP 120/80' } } }],
    ['an assessment field without data', { fields: { assessment: { deltaString: '' } } }],
  ])('creates the structure when there is %s', (_name, patient: Pick<PatientFields, 'fields'>) => {
    const result = addProblems(patient, [problem('a')], 'append');
    expect(AssessmentData.parse(result.fields.assessment?.data)).toEqual({ problems: [problem('a')] });
    expect(result.fields.assessment?.deltaString).toBe('');
    expect(Object.keys(result.fields)).toEqual(Object.keys({ ...patient.fields, assessment: 1 }));
  });

  it('keeps the rest of the patient and does not change the object given', () => {
    const patient = { id: 'pt1', lastname: 'Doe', ...withAssessment({ problems: [problem('old')] }) };
    const before = structuredClone(patient);
    const result = addProblems(patient, [problem('new')], 'append');
    expect(patient).toEqual(before);
    expect(result.id).toBe('pt1');
    expect(result.lastname).toBe('Doe');
  });

  it('adds nothing when given no problems', () => {
    const result = addProblems(withAssessment({ problems: [problem('x')] }), [], 'prepend');
    expect((result.fields.assessment?.data as AssessmentData).problems).toEqual([problem('x')]);
  });

  it.each([
    ['no patient', null, [], 'append', addProblemsErrors.noPatient],
    ['an undefined patient', undefined, [], 'append', addProblemsErrors.noPatient],
    ['a patient without fields', {} as Pick<PatientFields, 'fields'>, [], 'append', addProblemsErrors.noPatient],
    ['problems that are not an array', withAssessment({ problems: [] }), 'AKI' as unknown as AssessmentProblem[], 'append', addProblemsErrors.notArray],
    ['data without problems', withAssessment({ items: [] }), [], 'append', addProblemsErrors.badStructure],
    ['problems that are an object', withAssessment({ problems: {} }), [], 'append', addProblemsErrors.badStructure],
    ['data that is a string', withAssessment('#AKI'), [], 'append', addProblemsErrors.badStructure],
    ['an unknown mode', withAssessment({ problems: [] }), [], 'insert', addProblemsErrors.badMode],
  ])('refuses %s with the spec message', (_name, patient, problems, mode, message) => {
    const attempt = () => addProblems(patient, problems, mode as AddProblemsMode);
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(expect.objectContaining({ message, code: 'bad_request', status: 400 }));
  });

  it('has the exact texts of the spec', () =>
    expect(Object.values(addProblemsErrors)).toEqual([
      'Patient data is not available',
      'Problems must be an array',
      'Assessment data structure is invalid',
      'Invalid mode specified. Must be "prepend" or "append"',
    ]));
});
