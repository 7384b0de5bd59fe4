import { describe, expect, it } from 'vitest';
import {
  emptySpecialData, findBillingCodes, forwardToSpecialComponent, NO_PROBLEMS_FOUND, parseLabResults, parseReminders, readSpecialData,
  specialDataOrStart, type BillingData, type LabResult,
} from './special-components';

/** Ids in order, as the screen's random ids would be, but predictable. */
const ids = () => {
  let next = 0;
  return () => `id${++next}`;
};
const lab = (name: string, value: string, unit = '', flag: LabResult['flag'] = '') => ({ name, value, unit, flag });
const withoutIds = <T extends { id: string }>(items: T[]) => items.map(({ id: _id, ...rest }) => rest);

describe('parseLabResults', () => {
  it.each([
    ['Na 138', lab('Na', '138')],
    ['K 3.1 L', lab('K', '3.1', '', 'L')],
    ['Hgb 9.8 g/dL', lab('Hgb', '9.8', 'g/dL')],
    ['Cr 1.4 (H)', lab('Cr', '1.4', '', 'H')],
    ['WBC 14.2 K/uL H', lab('WBC', '14.2', 'K/uL', 'H')],
    ['Glucose: 245 mg/dL (H)', lab('Glucose', '245', 'mg/dL', 'H')],
    ['Hemoglobin A1c 9.1 %', lab('Hemoglobin A1c', '9.1', '%')],
    ['SpO2 94%', lab('SpO2', '94', '%')],
    ['Trop <0.01', lab('Trop', '<0.01')],
    ['BNP > 5000 HH', lab('BNP', '>5000', '', 'H')],
    ['Plt 88 LL', lab('Plt', '88', '', 'L')],
    ['pH 7.31 low', lab('pH', '7.31', '', 'L')],
    ['- Lactate 3.4 mmol/L *H', lab('Lactate', '3.4', 'mmol/L', 'H')],
    ['• Mg 1.6', lab('Mg', '1.6')],
    ['Total bili 2.3 mg/dL H', lab('Total bili', '2.3', 'mg/dL', 'H')],
    ['Cr 1.4(H)', lab('Cr', '1.4', '', 'H')],
  ])('%j is one result', (line, want) => expect(withoutIds(parseLabResults(line, ids()))).toEqual([want]));

  it.each([
    ['a heading', 'BMP this AM:'],
    ['prose after the value', 'Na 138 this morning, stable'],
    ['a blood pressure', 'BP 128/76'],
    ['a trend', 'Lactate 3.1 -> 1.4'],
    ['an empty line', '   '],
    ['a sentence', 'Labs pending, will follow up'],
  ])('skips %s', (_name, line) => expect(parseLabResults(line, ids())).toEqual([]));

  it('reads a pasted BMP and CBC, several per line, skipping the headings', () => {
    const text = ['BMP 11/21 0500:', 'Na 134 L, K 5.6 H, Cl 101, CO2 19 L', 'BUN 42 H; Cr 2.1 H', '', 'CBC:', 'WBC 11.8 H', 'Hgb 8.9 g/dL L', 'Plt 412'].join('\r\n');
    expect(withoutIds(parseLabResults(text, ids()))).toEqual([
      lab('Na', '134', '', 'L'),
      lab('K', '5.6', '', 'H'),
      lab('Cl', '101'),
      lab('CO2', '19', '', 'L'),
      lab('BUN', '42', '', 'H'),
      lab('Cr', '2.1', '', 'H'),
      lab('WBC', '11.8', '', 'H'),
      lab('Hgb', '8.9', 'g/dL', 'L'),
      lab('Plt', '412'),
    ]);
  });

  it('gives each result a fresh id', () => expect(parseLabResults('Na 138\nK 4.0', ids()).map((r) => r.id)).toEqual(['id1', 'id2']));
});

describe('findBillingCodes', () => {
  it('takes the ICD-10 codes with the rest of their line as description, each once', () => {
    const text = [
      'Dx:',
      '1. Acute on chronic systolic heart failure (I50.23)',
      '2. Type 2 diabetes with hyperglycemia - E11.65',
      '3. Essential hypertension I10',
      'AKI N17.9; CKD stage 3a N18.31',
      'Heart failure again I50.23',
    ].join('\n');
    expect(findBillingCodes(text)).toEqual({
      emLevel: null,
      diagnoses: [
        { code: 'I50.23', description: 'Acute on chronic systolic heart failure' },
        { code: 'E11.65', description: 'Type 2 diabetes with hyperglycemia' },
        { code: 'I10', description: 'Essential hypertension' },
        { code: 'N17.9', description: 'AKI' },
        { code: 'N18.31', description: 'CKD stage 3a' },
      ],
      procedures: [],
    });
  });

  it('ignores words that only look like codes: A1C, B12, D5W, thoracic levels, lab values, vitals', () =>
    expect(findBillingCodes('A1C 9.1, B12 low, D5W at 75/h, T12 compression fracture, K 3.1, Na 138, BP 128/76, SpO2 94%, Plt 150000')).toEqual({
      emLevel: null,
      diagnoses: [],
      procedures: [],
    }));

  it('sets the E/M level from a level code and takes other CPT codes on a CPT line', () =>
    expect(findBillingCodes('Subsequent visit 99232\nCPT: 93000 ECG interpretation\nCPT 36556-25 central line\nMRN 40012')).toEqual({
      emLevel: '99232',
      diagnoses: [],
      procedures: [
        { code: '93000', description: 'ECG interpretation' },
        { code: '36556-25', description: 'central line' },
      ],
    }));

  it('takes the last E/M level written, and other 99xxx codes as procedures', () =>
    expect(findBillingCodes('99213 -> upgraded to 99214\nProlonged service 99417')).toEqual({
      emLevel: '99214',
      diagnoses: [],
      procedures: [{ code: '99417', description: 'Prolonged service' }],
    }));
});

describe('parseReminders', () => {
  it('makes one reminder per line, drops bullets and blank lines, reads checkboxes', () =>
    expect(withoutIds(parseReminders('- Call daughter re: goals of care\n\n• Recheck K in AM\n[x] Consent signed\n[ ] PT/OT eval\n☑ Echo ordered\n  2. Hold heparin before LP', ids()))).toEqual([
      { text: 'Call daughter re: goals of care', done: false },
      { text: 'Recheck K in AM', done: false },
      { text: 'Consent signed', done: true },
      { text: 'PT/OT eval', done: false },
      { text: 'Echo ordered', done: true },
      { text: 'Hold heparin before LP', done: false },
    ]));

  it('is empty for blank text', () => expect(parseReminders('\n  \n', ids())).toEqual([]));
});

describe('readSpecialData', () => {
  it('reads absent data as the empty shape', () => {
    expect(readSpecialData('labs', undefined)).toEqual({ ok: true, data: { results: [] } });
    expect(readSpecialData('billing', null)).toEqual({ ok: true, data: emptySpecialData('billing') });
  });

  it('reads good data', () => {
    const billing: BillingData = { emLevel: '99223', diagnoses: [{ id: 'd', code: 'J18.9', description: 'Pneumonia' }], procedures: [] };
    expect(readSpecialData('billing', billing)).toEqual({ ok: true, data: billing });
  });

  it.each([
    ['assessment', { problems: 'x' }],
    ['assessment', [1, 2]],
    ['labs', { results: [{ id: 'a', name: 'Na', value: 138 }] }],
    ['labs', 'Na 138'],
    ['reminders', { items: [{ text: 'x' }] }],
    ['billing', { emLevel: 3 }],
    ['attending', { statement: 42 }],
  ] as const)('refuses %s data %j', (section, data) => expect(readSpecialData(section, data)).toEqual({ ok: false }));

  it('keeps keys it does not know (written by a newer version), so an edit through the component keeps them', () => {
    const stored = { results: [{ id: 'a', name: 'Na', value: '138', unit: '', flag: '' as const }], panel: 'BMP' };
    const reading = readSpecialData('labs', stored);
    expect(reading).toEqual({ ok: true, data: stored });
    // An edit as the labs table makes one: the data read, with its results changed.
    const edited = reading.ok && { ...reading.data, results: [] };
    expect(edited).toEqual({ results: [], panel: 'BMP' });
  });
});

describe('specialDataOrStart', () => {
  it("starts the attestation from the patient's attending only while nothing is stored", () => {
    expect(specialDataOrStart('attending', undefined, 'Dr. Patel')).toEqual({ attending: 'Dr. Patel', statement: '' });
    expect(specialDataOrStart('attending', null, 'Dr. Patel')).toEqual({ attending: 'Dr. Patel', statement: '' });
    const emptied = { attending: '', statement: 'Agree.' };
    expect(specialDataOrStart('attending', emptied, 'Dr. Patel')).toBe(emptied);
    expect(specialDataOrStart('labs', undefined, 'Dr. Patel')).toBeUndefined();
  });
});

describe('forwardToSpecialComponent', () => {
  const ap = [
    '72M with HFrEF (EF 25%) admitted with ADHF.',
    '#1 Acute on chronic HFrEF',
    'Diuresing well, net -2.1 L.',
    '- Furosemide 80 mg IV BID',
    '- Daily weights, strict I/O',
    '#2 AKI on CKD 3a',
    '- Trend Cr, avoid nephrotoxins',
  ].join('\n');

  it('appends the extracted problems to the problem list', () => {
    const existing = { problems: [{ id: 'old', problem: 'Hypertension', assessment: '', plan: '- Hold lisinopril' }] };
    const result = forwardToSpecialComponent('assessment', ap, existing, ids());
    expect(result).toEqual({
      ok: true,
      added: 2,
      replaced: false,
      data: {
        problems: [
          existing.problems[0],
          { id: 'id1', problem: 'Acute on chronic HFrEF', assessment: 'Diuresing well, net -2.1 L.', plan: '- Furosemide 80 mg IV BID\n- Daily weights, strict I/O' },
          { id: 'id2', problem: 'AKI on CKD 3a', assessment: '', plan: '- Trend Cr, avoid nephrotoxins' },
        ],
      },
    });
    expect(existing.problems).toHaveLength(1);
  });

  it('says how to write problems when the text has no # line', () =>
    expect(forwardToSpecialComponent('assessment', 'Stable, continue current plan.', undefined, ids())).toEqual({
      ok: false,
      message: NO_PROBLEMS_FOUND,
    }));

  it('appends lab results after the ones there', () => {
    const result = forwardToSpecialComponent('labs', 'Na 138\nK 3.1 L', { results: [{ id: 'x', name: 'Mg', value: '1.9', unit: '', flag: '' }] }, ids());
    expect(result.ok && result.data).toEqual({
      results: [
        { id: 'x', name: 'Mg', value: '1.9', unit: '', flag: '' },
        { id: 'id1', name: 'Na', value: '138', unit: '', flag: '' },
        { id: 'id2', name: 'K', value: '3.1', unit: '', flag: 'L' },
      ],
    });
  });

  it('adds only billing codes not already listed, and sets the level', () => {
    const current: BillingData = { emLevel: '', diagnoses: [{ id: 'd1', code: 'J18.9', description: 'Pneumonia' }], procedures: [] };
    const result = forwardToSpecialComponent('billing', 'Pneumonia J18.9\nSepsis A41.9\n99223', current, ids());
    expect(result).toEqual({
      ok: true,
      added: 2,
      replaced: false,
      data: { emLevel: '99223', diagnoses: [current.diagnoses[0], { id: 'id1', code: 'A41.9', description: 'Sepsis' }], procedures: [] },
    });
  });

  it('appends reminders and sets the attestation statement', () => {
    expect(forwardToSpecialComponent('reminders', 'Call PCP\nF/u path', undefined, ids())).toEqual({
      ok: true,
      added: 2,
      replaced: false,
      data: { items: [{ id: 'id1', text: 'Call PCP', done: false }, { id: 'id2', text: 'F/u path', done: false }] },
    });
    const statement = 'I saw and examined the patient and agree with the resident\'s findings and plan as documented.';
    expect(forwardToSpecialComponent('attending', `  ${statement}\n`, { attending: 'Dr. Patel', statement: 'old' }, ids())).toEqual({
      ok: true,
      added: 1,
      replaced: true,
      data: { attending: 'Dr. Patel', statement },
    });
  });

  it('says when forwarding replaced something already there (a statement, an E/M level), so the screen offers an Undo', () => {
    const forward = (section: 'attending' | 'billing', text: string, data: unknown) => {
      const result = forwardToSpecialComponent(section, text, data, ids());
      return result.ok && result.replaced;
    };
    expect(forward('attending', 'Agree with plan.', undefined)).toBe(false);
    expect(forward('attending', 'Agree with plan.', { attending: 'Dr. Patel', statement: '  ' })).toBe(false);
    expect(forward('attending', 'Agree with plan.', { attending: 'Dr. Patel', statement: 'Agree with plan.' })).toBe(false);
    expect(forward('attending', 'Agree with plan.', { attending: 'Dr. Patel', statement: 'Seen and examined.' })).toBe(true);
    expect(forward('billing', 'Visit 99232', { emLevel: '', diagnoses: [], procedures: [] })).toBe(false);
    expect(forward('billing', 'Visit 99232', { emLevel: '99232', diagnoses: [], procedures: [] })).toBe(false);
    expect(forward('billing', 'Visit 99232', { emLevel: '99233', diagnoses: [], procedures: [] })).toBe(true);
    expect(forward('billing', 'Sepsis A41.9', { emLevel: '99233', diagnoses: [], procedures: [] })).toBe(false);
  });

  it.each([
    ['assessment', { problems: [], sortedBy: 'priority' }, '#1 Sepsis\n- Cultures'],
    ['labs', { results: [], panel: 'BMP' }, 'Na 138'],
    ['billing', { emLevel: '', diagnoses: [], procedures: [], payer: 'VA' }, 'Sepsis A41.9'],
    ['reminders', { items: [], sortedBy: 'due' }, 'Call PCP'],
    ['attending', { attending: 'Dr. Patel', statement: '', signedAt: '2026-11-20' }, 'Agree with plan.'],
  ] as const)('keeps keys it does not know in %s data when adding to it', (section, data, text) => {
    const unknownKey = Object.keys(data).at(-1) ?? '';
    const result = forwardToSpecialComponent(section, text, data, ids());
    expect(result.ok && (result.data as Record<string, unknown>)[unknownKey]).toBe((data as Record<string, unknown>)[unknownKey]);
  });

  it.each(['assessment', 'labs', 'billing', 'reminders', 'attending'] as const)('never overwrites unreadable %s data', (section) =>
    expect(forwardToSpecialComponent(section, '#1 Sepsis\nNa 138\nJ18.9\nCall PCP', { problems: 7, results: 7, items: 7, emLevel: 7, statement: 7 }, ids())).toMatchObject({
      ok: false,
      message: expect.stringContaining('could not be read'),
    }));

  it.each(['labs', 'billing', 'reminders', 'attending'] as const)('says when the %s text has nothing to add', (section) =>
    expect(forwardToSpecialComponent(section, '   ', undefined, ids())).toMatchObject({ ok: false, message: expect.stringContaining('Nothing in the text') }));
});
