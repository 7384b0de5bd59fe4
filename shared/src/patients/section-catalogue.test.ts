import { describe, expect, it } from 'vitest';
import { PatientSection, patientSections } from './patient';
import {
  defaultVisibleFields, fieldValueError, hasSpecialComponent, sectionTitle, sectionTitles, specialComponentSections,
} from './section-catalogue';

describe('sectionTitles', () => {
  it('names every section and nothing else', () => expect(Object.keys(sectionTitles).sort()).toEqual([...patientSections].sort()));

  it('gives each section a distinct, non-empty title', () => {
    const titles = Object.values(sectionTitles);
    expect(titles.every((title) => title.trim() === title && title.length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each([
    ['assessment', 'Assessment & Plan'],
    ['io', 'I/O'],
    ['hp', 'H&P'],
    ['followup', 'Follow-up'],
    ['onc', 'Oncology'],
    ['endo', 'Endocrine'],
    ['ipmedications', 'Inpatient Medications'],
    ['hrb', 'High-Risk Behaviours'],
  ] as const)('%s is titled %j', (section, title) => expect(sectionTitle(section)).toBe(title));
});

describe('fieldValueError', () => {
  it('has the spec text', () => expect(fieldValueError('vitals')).toBe('Field Value Error for vitals'));
});

describe('special components', () => {
  it.each([
    ['billing', true], ['labs', true], ['assessment', true], ['reminders', true], ['attending', true],
    ['vitals', false], ['subjective', false], ['hrb', false],
  ] as const)('%s has a special component: %s', (section, want) => expect(hasSpecialComponent(section)).toBe(want));

  it('lists exactly the five of the spec', () => expect([...specialComponentSections].sort()).toEqual(['assessment', 'attending', 'billing', 'labs', 'reminders']));
});

describe('defaultVisibleFields', () => {
  it.each([true, false])('inpatient=%s: valid sections, no duplicates, ends with the plan', (inpatient) => {
    const fields = defaultVisibleFields(inpatient);
    expect(fields.every((field) => PatientSection.safeParse(field).success)).toBe(true);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).toContain('assessment');
  });

  it('starts an inpatient with the overnight events and an outpatient with the chief complaint', () => {
    expect(defaultVisibleFields(true)[0]).toBe('events');
    expect(defaultVisibleFields(false)[0]).toBe('cc');
  });

  it('leaves Follow-up out for outpatients (the right column shows it)', () => expect(defaultVisibleFields(false)).not.toContain('followup'));

  it('returns a fresh copy each time', () => {
    const first = defaultVisibleFields(true);
    first.push('hrb');
    expect(defaultVisibleFields(true)).not.toContain('hrb');
  });
});
