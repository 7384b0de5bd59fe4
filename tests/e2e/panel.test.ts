// The Panel in Chromium against the real runtime: cards of seeded patients, sort and tag filter (saved to the user
// document, so a reload keeps them), Invert and Compact (in the URL), Export then Delete All then Import of the
// downloaded file, the same with a FHIR R4 Bundle (checked against the FHIR schema), a refused bad file, the print layout, a phone and axe.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { fhirSchemaErrors } from '../harness/fhir-schema';
import { task } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let page: Page;

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const oneliner = (text: string) => JSON.stringify([{ type: 'paragraph', content: text }]);

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};

/** Four patients: rooms 10A, 2B, none and 3C; Okafor has an overdue task, Brown one due in two days. */
const seed = async () => {
  const patients = [
    { body: { lastname: 'Okafor', firstname: 'Adaeze', dob: '1956-03-14', mrn: '40012345', room: '10A', tags: ['Icu', 'Team Blue'] }, tasks: [task('Call family', inDays(-3), { dueDate: inDays(-1) })], line: '68F with HFrEF admitted with CAP and sepsis' },
    { body: { lastname: 'Brown', firstname: 'Sam', dob: '1980-07-02', room: '2B', tags: ['Team Blue'] }, tasks: [task('Discharge paperwork', inDays(-1), { dueDate: inDays(2) })], line: '45M with cellulitis of the left leg, improving' },
    { body: { lastname: 'Chen', firstname: 'Li', mrn: '777', tags: ['Ward'] }, tasks: [], line: '' },
    { body: { lastname: 'Diaz', firstname: 'Ana', room: '3C', tags: [] }, tasks: [], line: '72F with COPD exacerbation' },
  ];
  for (const { body, tasks, line } of patients) {
    const created = (await call('POST', '/patients', body)) as { id: string; version: number };
    await call('PATCH', `/patients/${created.id}`, { version: created.version, tasks, oneliner: line ? oneliner(line) : '' });
  }
  const me = (await call('GET', '/me')) as { version: number };
  await call('PATCH', '/me', { version: me.version, patientTags: ['Icu', 'Team Blue', 'Ward'] });
};

/** Puts the saved view back to every patient by name. */
const resetView = async () => {
  const me = (await call('GET', '/me')) as { version: number };
  await call('PATCH', '/me', { version: me.version, panelTagsSelected: [], panelSortSelection: 'name' });
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  await seed();
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const patientList = (p: Page) => p.getByRole('list', { name: 'Patients' });
const names = (p: Page) => patientList(p).getByRole('link').allTextContents();
const ALL_BY_NAME = ['Brown, Sam', 'Chen, Li', 'Diaz, Ana', 'Okafor, Adaeze'];

const openPanel = async (p: Page, query = '') => {
  await p.goto(`${runtime.url}/panel${query}`);
  await patientList(p).or(p.getByText('No patients match query')).first().waitFor({ timeout: 20_000 });
};

const menuItem = async (p: Page, name: string) => {
  await p.getByRole('button', { name: 'Panel actions' }).click();
  await p.getByRole('menuitem', { name }).click();
};

/** Waits for the open dialog's fade-in to finish, so its screenshot shows it as the user reads it. */
const dialogSettled = (p: Page) =>
  p.waitForFunction(() => Array.from(document.querySelectorAll('[role=dialog]')).every((dialog) => getComputedStyle(dialog).opacity === '1'));

const axeViolations = async (p: Page) => {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('the panel', () => {
  it('shows a card per patient, sorts and filters by tag (kept across a reload), inverts and goes compact in the URL', async () => {
    await resetView();
    await openPanel(page);
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);
    const okafor = patientList(page).locator('li').filter({ has: page.getByRole('link', { name: 'Okafor, Adaeze' }) });
    const card = (await okafor.textContent()) ?? '';
    for (const part of ['MRN 40012345', 'Room 10A', 'Next task: Call family', 'Overdue', '68F with HFrEF admitted with CAP and sepsis']) expect(card).toContain(part);
    expect(card).toMatch(/Age \d+/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'panel-desktop', true);

    // The card opens the patient's page.
    await page.getByRole('link', { name: 'Okafor, Adaeze' }).click();
    await page.waitForURL(/\/panel\/[\w-]+$/);
    await page.goBack();
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Room' }).click();
    await expect.poll(() => names(page)).toEqual(['Brown, Sam', 'Diaz, Ana', 'Okafor, Adaeze', 'Chen, Li']);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH' && r.request().postData()?.includes('panelTagsSelected') === true);
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Team Blue' }).click();
    await page.keyboard.press('Escape');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => names(page)).toEqual(['Brown, Sam', 'Okafor, Adaeze']);
    await page.getByText('2 of 4 patients', { exact: true }).waitFor();

    await page.reload();
    await expect.poll(() => names(page)).toEqual(['Brown, Sam', 'Okafor, Adaeze']);

    // Invert and Compact change the URL; the checkbox follows once the router has navigated, so click (not check).
    await page.getByRole('checkbox', { name: 'Invert' }).click();
    await expect.poll(() => names(page)).toEqual(['Okafor, Adaeze', 'Brown, Sam']);
    await page.getByRole('checkbox', { name: 'Compact' }).click();
    await page.waitForURL(/\?invert=1&compact=1$/);
    // The URL changes before the page re-renders: poll.
    await expect.poll(() => page.getByRole('button', { name: 'Panel actions' }).count()).toBe(0);
    await expect.poll(() => patientList(page).locator('li').first().innerText()).toContain('Next: Call family (overdue)');
    await shot(page, 'panel-compact', true);

    // The URL is the view: opening it again shows the same compact, inverted list.
    await openPanel(page, '?invert=1&compact=1');
    await expect.poll(() => names(page)).toEqual(['Okafor, Adaeze', 'Brown, Sam']);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Compact' }).isChecked()).toBe(true);
  });

  /** Opens Import/Export and downloads the panel with `button`: the dialog, and the downloaded file's path. */
  const exportPanel = async (button: string, fileName: RegExp) => {
    await menuItem(page, 'Import/Export');
    const dialog = page.getByRole('dialog', { name: 'Import/Export' });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(fileName);
    return { dialog, file: await download.path() };
  };

  /** Imports the four patients of the chosen file: the panel shows them all again, tasks included. */
  const importAllBack = async (dialog: Locator) => {
    await dialog.getByRole('button', { name: 'Import 4 patients' }).click();
    await dialog.getByText('4 created, 0 updated.').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(ALL_BY_NAME);
    const okafor = patientList(page).locator('li').filter({ has: page.getByRole('link', { name: 'Okafor, Adaeze' }) });
    expect(await okafor.innerText()).toContain('Next task: Call family');
  };

  it('exports, deletes all after the confirmation, and imports the downloaded file back', async () => {
    await resetView();
    await openPanel(page);
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);

    const { dialog, file } = await exportPanel('Export panel', /^chartside-panel-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(file, 'utf8')) as { format: string; version: number; patients: { lastname: string; tasks: unknown[] }[] };
    expect(exported.format).toBe('chartside-panel');
    expect(exported.version).toBe(1);
    expect(exported.patients.map((p) => p.lastname).sort()).toEqual(['Brown', 'Chen', 'Diaz', 'Okafor']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await menuItem(page, 'Delete All');
    const confirm = page.getByRole('dialog', { name: 'Delete all patients?' });
    await confirm.getByText('This deletes every patient on your panel. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete All' }).click();
    await page.getByText('No patients match query').waitFor({ timeout: 15_000 });
    expect(((await call('GET', '/patients')) as { patients: unknown[] }).patients).toHaveLength(0);

    await menuItem(page, 'Import/Export');
    await dialog.locator('input[type=file]').setInputFiles(file);
    const inFile = dialog.getByRole('group', { name: 'Patients in the file' });
    await inFile.waitFor();
    const boxes = inFile.getByRole('checkbox');
    expect(await boxes.count()).toBe(4);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
    expect(await inFile.getByText('new', { exact: true }).count()).toBe(4);
    await dialogSettled(page);
    await shot(page, 'panel-import-preselected');
    await importAllBack(dialog);
  });

  it('exports a FHIR R4 Bundle that the FHIR schema accepts, and imports it back after Delete All', async () => {
    await openPanel(page);
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);

    const { dialog, file } = await exportPanel('Export FHIR R4 Bundle', /^chartside-panel-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
    const bundle = JSON.parse(await readFile(file, 'utf8')) as { resourceType: string; entry: { resource: { resourceType: string; name?: { family: string }[] } }[] };
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    expect(bundle.resourceType).toBe('Bundle');
    const patients = bundle.entry.filter((entry) => entry.resource.resourceType === 'Patient');
    expect(patients.map((entry) => entry.resource.name?.[0]?.family).sort()).toEqual(['Brown', 'Chen', 'Diaz', 'Okafor']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await menuItem(page, 'Delete All');
    await page.getByRole('dialog', { name: 'Delete all patients?' }).getByRole('button', { name: 'Delete All' }).click();
    await page.getByText('No patients match query').waitFor({ timeout: 15_000 });

    await menuItem(page, 'Import/Export');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => dialog.getByRole('group', { name: 'Patients in the file' }).getByRole('checkbox').count()).toBe(4);
    await importAllBack(dialog);
  });

  it('refuses a bad file with its reason and changes nothing', async () => {
    await openPanel(page);
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);
    const imports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/patients/import')) imports.push(request.url());
    });
    await menuItem(page, 'Import/Export');
    const dialog = page.getByRole('dialog', { name: 'Import/Export' });
    const bad = { format: 'chartside-panel', version: 1, exportedAt: new Date().toISOString(), patients: [{ id: 'x', lastname: 'Nobody' }] };
    await dialog.locator('input[type=file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const refusal = dialog.getByRole('alert').filter({ hasText: 'This panel export has invalid patients: patient 1' });
    await refusal.waitFor();
    await dialogSettled(page);
    expect(await dialog.getByRole('group', { name: 'Patients in the file' }).count()).toBe(0);
    await shot(page, 'panel-import-refused');

    await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
    await dialog.getByText('This file is not a Chartside panel export: it is not valid JSON.').waitFor();
    await page.keyboard.press('Escape');
    expect(imports).toEqual([]);
    expect(((await call('GET', '/patients')) as { patients: unknown[] }).patients).toHaveLength(4);
  });

  it('prints a clean table of the patients without the top bar, filters or menus', async () => {
    await openPanel(page);
    await expect.poll(() => names(page)).toEqual(ALL_BY_NAME);
    await page.emulateMedia({ media: 'print' });
    try {
      const table = page.getByRole('table');
      await table.waitFor();
      expect(await page.locator('header').isVisible()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Compact' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Add patient' }).isVisible()).toBe(false);
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Age', 'MRN', 'Room', 'Tags', 'Open tasks', 'One-liner']);
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(4);
      expect(await rows.first().locator('td').first().textContent()).toBe('Brown, Sam');
      expect(await rows.nth(3).innerText()).toContain('Call family');
      await shot(page, 'panel-print', true);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('reads well on a phone', async () => {
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    await openPanel(phone);
    await expect.poll(() => names(phone)).toEqual(ALL_BY_NAME);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await axeViolations(phone)).toEqual([]);
    await shot(phone, 'panel-phone', true);
    await phone.context().close();
  });
});
