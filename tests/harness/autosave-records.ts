// Patients and resources for the autosave browser tests: made and read through the API, edited through their screens.
import { Resource, sectionPlainText, sectionTitle, type Patient, type PatientSection } from '@chartside/shared';
import type { Page } from 'playwright-core';
import type { Api } from './api';
import { textSection } from './resources';
import { editorsNearViewMounted } from './web';

/** The API as one user, each answer required to be a 200. */
export const recordsApi = (asUser: Api) => {
  const call = async (method: string, path: string, body?: unknown) => {
    const { status, json, text } = await asUser(method, path, body);
    if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
    return json as unknown;
  };
  return {
    /** A patient showing the given note sections (empty), expanded. */
    async createPatient(lastname: string, sections: PatientSection[] = ['events', 'exam']) {
      const created = (await call('POST', '/patients', { lastname, firstname: 'Test' })) as Patient;
      const fields = Object.fromEntries(sections.map((section) => [section, { deltaString: '', expanded: true }]));
      await call('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields: sections, fields });
      return created.id;
    },
    patient: async (id: string) => (await call('GET', `/patients/${id}`)) as Patient,
    patientText: async (id: string, section: PatientSection) => sectionPlainText(((await call('GET', `/patients/${id}`)) as Patient).fields[section]?.deltaString ?? ''),
    /** A resource with empty text sections of the given titles. */
    async createResource(name: string, titles: string[] = ['Notes']) {
      const created = (await call('POST', '/resources', { name, type: 'text' })) as Resource;
      await call('PATCH', `/resources/${created.id}`, { version: created.version, textSections: titles.map((title) => textSection(title, '')) });
      return created.id;
    },
    resource: async (id: string) => Resource.parse(await call('GET', `/resources/${id}`)),
    /** The plain text of each of the resource's text sections, in order. */
    resourceTexts: async (id: string) => Resource.parse(await call('GET', `/resources/${id}`)).textSections.map((section) => sectionPlainText(section.deltaString)),
  };
};

export const patientEditor = (page: Page, section: PatientSection) => page.getByRole('textbox', { name: sectionTitle(section), exact: true });
export const resourceEditor = (page: Page, position: number) => page.getByRole('textbox', { name: `Section ${position} text` });

/** Opens a patient and waits for its note editors to have loaded. */
export const openPatient = async (page: Page, origin: string, id: string, section: PatientSection = 'events') => {
  await page.goto(`${origin}/panel/${id}`);
  await patientEditor(page, section).waitFor({ timeout: 20_000 });
  await editorsNearViewMounted(page);
};

/** Opens a resource in edit mode, its first section's editor ready. */
export const openResourceForEditing = async (page: Page, origin: string, id: string) => {
  await page.goto(`${origin}/resources/${id}`);
  await page.getByRole('button', { name: 'Edit' }).click({ timeout: 20_000 });
  await resourceEditor(page, 1).waitFor({ timeout: 20_000 });
};

/** Types at the end of the first line of an editor's text (the tests' notes are one line). */
export const typeAtEnd = async (page: Page, editor: ReturnType<Page['getByRole']>, text: string) => {
  await editor.click({ position: { x: 4, y: 4 } });
  await page.keyboard.press('End');
  await page.keyboard.type(text, { delay: 5 });
};

export const saved = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 30_000 });
