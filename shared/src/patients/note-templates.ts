// The Note Templates dialog (spec: Note Templates dialog): saved lists of note sections the user switches between.
// Templates are the user document's `noteTemplate` list of { label, value: section names }.
import type { z } from 'zod';
import { uniqueBy } from '../sync/list-items';
import type { NoteTemplate } from '../user/user-document';
import { PatientSection, patientSections } from './patient';
import { sectionTitle } from './section-catalogue';

type Template = z.infer<typeof NoteTemplate>;
export type TemplateResult = { ok: true; templates: Template[] } | { ok: false; message: string };

/** The button that stands for the patient's own current selection. */
export const CURRENT_VIEW_LABEL = 'Current View';

export const noteTemplateMessages = {
  emptyName: 'Enter a name for the template.',
  duplicateName: (name: string) => `A template named '${name}' already exists.`,
  reservedName: `'${CURRENT_VIEW_LABEL}' is the name of the current selection; choose another name.`,
  notFound: (name: string) => `There is no template named '${name}'.`,
} as const;

/** The sections a template shows, in its order: names that are not sections (older or mistyped) and repeats dropped. */
export const templateSections = (value: readonly string[]): PatientSection[] => {
  const sections: PatientSection[] = [];
  for (const name of value) {
    const parsed = PatientSection.safeParse(name);
    if (parsed.success && !sections.includes(parsed.data)) sections.push(parsed.data);
  }
  return sections;
};

/**
 * The saved templates as the dialog shows them: one per label, the first kept. An older write may have stored a label
 * twice; a dropdown and the buttons need each label once (Mantine refuses repeated options).
 */
export const uniqueTemplates = (templates: readonly Template[]): Template[] => uniqueBy(templates, (template) => template.label);

/**
 * The buttons: 'Current View' first (the patient's visible fields), then the saved templates, each label once (a saved
 * template stored under the reserved name is left to the Templates column, where it can be deleted).
 */
export const templateChoices = (templates: readonly Template[], visibleFields: readonly PatientSection[]): Template[] =>
  uniqueTemplates([{ label: CURRENT_VIEW_LABEL, value: templateSections(visibleFields) }, ...templates]);

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Why a new template name cannot be used, or undefined when it can (the add button is disabled otherwise). */
export const templateNameProblem = (templates: readonly Template[], name: string): string | undefined => {
  const trimmed = name.trim();
  if (!trimmed) return noteTemplateMessages.emptyName;
  if (sameName(trimmed, CURRENT_VIEW_LABEL)) return noteTemplateMessages.reservedName;
  if (templates.some((template) => sameName(template.label, trimmed))) return noteTemplateMessages.duplicateName(trimmed);
  return undefined;
};

/** Adds a template with the trimmed name and the selected sections, at the end. */
export const addTemplate = (templates: readonly Template[], name: string, sections: readonly string[]): TemplateResult => {
  const problem = templateNameProblem(templates, name);
  if (problem) return { ok: false, message: problem };
  return { ok: true, templates: [...templates, { label: name.trim(), value: templateSections(sections) }] };
};

/** Saves the selected sections into the named template. */
export const updateTemplate = (templates: readonly Template[], label: string, sections: readonly string[]): TemplateResult => {
  if (!templates.some((template) => template.label === label)) return { ok: false, message: noteTemplateMessages.notFound(label) };
  return { ok: true, templates: templates.map((template) => (template.label === label ? { label, value: templateSections(sections) } : template)) };
};

/** Renames a template, keeping its place and sections; the new name follows the same rules as a new template's. */
export const renameTemplate = (templates: readonly Template[], label: string, name: string): TemplateResult => {
  if (!templates.some((template) => template.label === label)) return { ok: false, message: noteTemplateMessages.notFound(label) };
  const problem = templateNameProblem(
    templates.filter((template) => template.label !== label),
    name,
  );
  if (problem) return { ok: false, message: problem };
  return { ok: true, templates: templates.map((template) => (template.label === label ? { ...template, label: name.trim() } : template)) };
};

export const deleteTemplate = (templates: readonly Template[], label: string): Template[] => templates.filter((template) => template.label !== label);

/** The Available Fields column: sections not selected whose title or name contains the search text, in the spec's order. */
export const availableSections = (selected: readonly PatientSection[], search: string): PatientSection[] => {
  const needle = search.trim().toLocaleLowerCase();
  return patientSections.filter(
    (section) =>
      !selected.includes(section) && (section.includes(needle) || sectionTitle(section).toLocaleLowerCase().includes(needle)),
  );
};

/** Clicking a section moves it between the columns: an available one is added at the end, a selected one removed. */
export const toggleSection = (selected: readonly PatientSection[], section: PatientSection): PatientSection[] =>
  selected.includes(section) ? selected.filter((s) => s !== section) : [...selected, section];
