import { describe, expect, it } from 'vitest';
import { moveItem } from '../sync/list-items';
import { patientSections } from './patient';
import {
  addTemplate, availableSections, CURRENT_VIEW_LABEL, deleteTemplate, noteTemplateMessages, templateChoices,
  renameTemplate, templateNameProblem, templateSections, toggleSection, uniqueTemplates, updateTemplate,
} from './note-templates';

const icu = { label: 'ICU progress note', value: ['events', 'airway', 'infusions', 'vitals', 'io', 'labs', 'assessment'] };
const clinic = { label: 'Clinic', value: ['cc', 'hpi', 'assessment', 'billing'] };
const templates = [icu, clinic];

describe('templateSections (choosing a template sets the visible fields)', () => {
  it.each([
    [icu.value, icu.value],
    [['vitals', 'vitals', 'labs', 'vitals'], ['vitals', 'labs']],
    [['subjective', 'ros', 'Assessment', 'assessment'], ['subjective', 'assessment']],
    [[], []],
  ])('%j -> %j', (value, want) => expect(templateSections(value)).toEqual(want));
});

describe('templateChoices', () => {
  it("offers 'Current View' with the patient's fields, then the saved templates", () =>
    expect(templateChoices(templates, ['subjective', 'assessment'])).toEqual([
      { label: 'Current View', value: ['subjective', 'assessment'] },
      icu,
      clinic,
    ]));

  it('shows each label once when stored data repeats one, or the patient repeats a field', () =>
    expect(templateChoices([icu, clinic, { label: 'Clinic', value: ['hpi'] }, { label: 'Current View', value: ['ros'] }], ['labs', 'labs', 'vitals'])).toEqual([
      { label: 'Current View', value: ['labs', 'vitals'] },
      icu,
      clinic,
    ]));
});

describe('addTemplate', () => {
  it('adds the trimmed name with the cleaned sections at the end', () =>
    expect(addTemplate(templates, '  Discharge day ', ['dischargeplan', 'dischargeinstructions', 'dischargeplan', 'nope'])).toEqual({
      ok: true,
      templates: [icu, clinic, { label: 'Discharge day', value: ['dischargeplan', 'dischargeinstructions'] }],
    }));

  it.each([
    ['', noteTemplateMessages.emptyName],
    ['   ', noteTemplateMessages.emptyName],
    ['clinic', "A template named 'clinic' already exists."],
    [' ICU PROGRESS NOTE ', "A template named 'ICU PROGRESS NOTE' already exists."],
    ['current view', noteTemplateMessages.reservedName],
  ])('refuses the name %j', (name, message) => {
    expect(templateNameProblem(templates, name)).toBe(message);
    expect(addTemplate(templates, name, ['vitals'])).toEqual({ ok: false, message });
  });

  it('accepts a new name', () => expect(templateNameProblem(templates, 'Wound care')).toBeUndefined());
  it('names the current view as the spec does', () => expect(CURRENT_VIEW_LABEL).toBe('Current View'));
});

describe('updateTemplate and deleteTemplate', () => {
  it('saves new sections into the named template only', () =>
    expect(updateTemplate(templates, 'Clinic', ['cc', 'hpi', 'hpi', 'allergies'])).toEqual({
      ok: true,
      templates: [icu, { label: 'Clinic', value: ['cc', 'hpi', 'allergies'] }],
    }));

  it('says when the template is gone', () =>
    expect(updateTemplate(templates, 'Gone', ['cc'])).toEqual({ ok: false, message: "There is no template named 'Gone'." }));

  it('deletes by name and leaves the list given alone', () => {
    expect(deleteTemplate(templates, 'ICU progress note')).toEqual([clinic]);
    expect(deleteTemplate(templates, 'Gone')).toEqual(templates);
    expect(templates).toHaveLength(2);
  });
});

describe('renameTemplate', () => {
  it('renames in place, keeping the sections', () =>
    expect(renameTemplate(templates, 'Clinic', '  Clinic visit ')).toEqual({ ok: true, templates: [icu, { label: 'Clinic visit', value: clinic.value }] }));

  it('accepts a change of case of its own name', () =>
    expect(renameTemplate(templates, 'Clinic', 'CLINIC')).toEqual({ ok: true, templates: [icu, { label: 'CLINIC', value: clinic.value }] }));

  it.each([
    ['icu progress note', "A template named 'icu progress note' already exists."],
    [' ', noteTemplateMessages.emptyName],
    ['Current View', noteTemplateMessages.reservedName],
  ])('refuses %j', (name, message) => expect(renameTemplate(templates, 'Clinic', name)).toEqual({ ok: false, message }));

  it('says when the template is gone', () => expect(renameTemplate(templates, 'Gone', 'New')).toEqual({ ok: false, message: "There is no template named 'Gone'." }));
});

describe('the field columns', () => {
  it.each([
    ['', ['vitals', 'assessment'], patientSections.length - 2],
    ['med', [], 2],
    ['MED', ['ipmedications'], 1],
    ['history', [], 3],
    ['&', [], 2],
    ['zzz', [], 0],
  ] as const)("search %j with %j selected leaves %i available", (search, selected, count) => {
    const available = availableSections(selected, search);
    expect(available).toHaveLength(count);
    expect(available.some((s) => (selected as readonly string[]).includes(s))).toBe(false);
  });

  it('finds by title as well as by name', () => expect(availableSections([], 'assessment & plan')).toEqual(['assessment']));

  it.each([
    [0, 2, ['labs', 'assessment', 'vitals']],
    [2, 0, ['assessment', 'vitals', 'labs']],
    [1, 1, ['vitals', 'labs', 'assessment']],
    [5, 0, ['vitals', 'labs', 'assessment']],
    [0, 3, ['vitals', 'labs', 'assessment']],
  ] as const)('moves a selected field %i to %i', (from, to, want) => expect(moveItem(['vitals', 'labs', 'assessment'], from, to)).toEqual(want));

  it('toggles a section between the columns', () => {
    expect(toggleSection(['vitals'], 'labs')).toEqual(['vitals', 'labs']);
    expect(toggleSection(['vitals', 'labs'], 'vitals')).toEqual(['labs']);
  });
});

describe('uniqueTemplates (stored data written before labels were checked)', () => {
  it('keeps the first template of a repeated label, in order', () => {
    const again = { label: 'Clinic', value: ['hpi'] };
    expect(uniqueTemplates([icu, clinic, again, icu])).toEqual([icu, clinic]);
  });

  it('leaves a list without repeats as it is', () => expect(uniqueTemplates(templates)).toEqual(templates));
});
