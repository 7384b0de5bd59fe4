import { describe, expect, it } from 'vitest';
import { plainTextDeltaString } from '../patients/copy-as-text';
import { blankPatient, type Patient } from '../patients/patient';
import { sectionPlainText } from '../resources/section-text';
import { admissionAsText, admissionFromPatient, admissionTemplate, blankAdmissionSections, demographicsLine } from './admission';

const patient: Patient = {
  ...blankPatient('p1', '2026-11-26T00:00:00.000Z'),
  lastname: 'Doe',
  firstname: 'Jane',
  dob: '1950-02-03',
  mrn: '12345',
  room: '4B',
  oneliner: plainTextDeltaString('76F with CHF admitted for dyspnea'),
  fields: {
    hpi: { deltaString: plainTextDeltaString('Three days of worsening orthopnea.') },
    opmedications: { deltaString: plainTextDeltaString('furosemide 40 mg daily') },
    ipmedications: { deltaString: plainTextDeltaString('furosemide 40 mg IV bid') },
    assessment: { deltaString: '', data: { problems: [{ id: 'a', problem: 'Acute on chronic HFrEF', assessment: '', plan: '- Diurese' }] } },
  },
};

const bodyOf = (fields: ReturnType<typeof admissionFromPatient>, id: string) => sectionPlainText(fields.sections.find((s) => s.id === id)?.body ?? '');

describe('admission notes', () => {
  it('start blank with the twelve H&P sections in order', () => {
    expect(blankAdmissionSections().map((s) => s.title)).toEqual(admissionTemplate.map((s) => s.title));
    expect(blankAdmissionSections().every((s) => s.body === '')).toBe(true);
  });

  it.each([
    [{ lastname: 'Doe', firstname: 'Jane', dob: '1950-02-03', mrn: '1', room: '', attending: 'Dr Lee' }, 'Doe, Jane · DOB 1950-02-03 · MRN 1 · Attending Dr Lee'],
    [{ lastname: '', firstname: '', dob: '', mrn: '', room: '', attending: '' }, ''],
  ])('demographicsLine(%j) is %j', (fields, want) => expect(demographicsLine(fields)).toBe(want));

  it('from a patient: title, demographics, history as written, and the ID line and problems in the plan', () => {
    const fields = admissionFromPatient(patient);
    expect(fields.title).toBe('H&P: Doe, Jane');
    expect(fields.demographics).toBe('Doe, Jane · DOB 1950-02-03 · MRN 12345 · Room 4B');
    expect(fields.sections.find((s) => s.id === 'hpi')?.body).toBe(patient.fields.hpi?.deltaString);
    expect(bodyOf(fields, 'medications')).toBe('Outpatient:\nfurosemide 40 mg daily\nInpatient:\nfurosemide 40 mg IV bid');
    expect(bodyOf(fields, 'plan')).toBe('76F with CHF admitted for dyspnea\n#1 Acute on chronic HFrEF\n- Diurese');
    expect(bodyOf(fields, 'ros')).toBe('');
  });

  it('copies as text: the sections with text, titled', () => {
    const text = admissionAsText(admissionFromPatient(patient));
    expect(text.startsWith('H&P: Doe, Jane\nDoe, Jane · DOB 1950-02-03 · MRN 12345 · Room 4B\n\nHPI\nThree days of worsening orthopnea.')).toBe(true);
    expect(text).toContain('ASSESSMENT AND PLAN\n76F with CHF admitted for dyspnea');
    expect(text).not.toContain('ROS');
  });
});
