// The patient screen's header and right column in Chromium against the real runtime: open a patient from the panel,
// the name with the age, the MRN copied as the cprs setting says, room or appointment by the inpatient setting, edit
// the name and delete the patient, the tasks (add, OP, the due-date picker and its quick shifts, overdue, complete,
// delete), copy all as text (read back from the clipboard), and a 375 px phone.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { ageInYears, defaultTasks, type Patient } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { task } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { newContext, QUERY_CACHE, shot, signIn, storedValues } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;
let okaforId: string;

const DAY_MS = 86_400_000;
const PHONE_375 = { width: 375, height: 812 };
const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]);

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};

const stored = async (id: string) => (await call('GET', `/patients/${id}`)) as Patient;

const createPatient = async (body: Record<string, unknown>, rest: Partial<Patient> = {}) => {
  const created = (await call('POST', '/patients', body)) as Patient;
  if (Object.keys(rest).length === 0) return created.id;
  await call('PATCH', `/patients/${created.id}`, { version: created.version, ...rest });
  return created.id;
};

const setMe = async (change: Record<string, unknown>) => {
  const me = (await call('GET', '/me')) as { version: number };
  await call('PATCH', '/me', { version: me.version, ...change });
};

/** The version of the patient in the page's persisted query cache: the copy a reload shows first. */
const persistedVersion = async (p: Page, id: string) => {
  type Persisted = { clientState?: { queries?: { state?: { data?: { id?: string; version?: number } } }[] } };
  const values = ((await storedValues(p, ...QUERY_CACHE)) ?? []) as Persisted[];
  return values.flatMap((value) => value.clientState?.queries ?? []).find((query) => query.state?.data?.id === id)?.state?.data?.version;
};

/**
 * Opens the patient once the page has persisted the API's latest copy of it. The page shows its persisted copy first,
 * and an edit made before the fresh one lands is based on that older version: two CI rehearsals got a conflict over the
 * tasks that way, after the last test's final save was still being persisted as the page reloaded. Waiting for the
 * answer to the page's GET no longer tells: the app asks for the patient as it starts, before the screen can take it.
 */
const openPatient = async (p: Page, id: string, name: string) => {
  if (p.url().startsWith(runtime.url)) {
    const { version } = await stored(id);
    await expect.poll(async () => (await persistedVersion(p, id)) ?? version, { timeout: 10_000 }).toBe(version);
  }
  await p.goto(`${runtime.url}/panel/${id}`);
  await p.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
};

const clipboard = (p: Page) => p.evaluate(() => navigator.clipboard.readText());

const axeViolations = async (p: Page) => {
  const { violations } = await new AxeBuilder({ page: p }).include('main header').include('aside[aria-label="Patient summary"]').analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const taskList = (p: Page) => p.getByRole('list', { name: 'Tasks' });
const taskTexts = (p: Page) => taskList(p).locator('li label').allTextContents();

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  okaforId = await createPatient(
    { lastname: 'Okafor', firstname: 'Adaeze', dob: '1956-03-14', mrn: '400123456', room: '10A', tags: ['Icu'] },
    {
      visibleFields: ['subjective', 'assessment'],
      fields: { subjective: { deltaString: paragraph('Slept well, no chest pain.') }, assessment: { deltaString: paragraph('CAP improving on ceftriaxone.') } },
      tasks: [task('Call family', new Date(Date.now() - 3 * DAY_MS).toISOString(), { dueDate: new Date(Date.now() - DAY_MS).toISOString() })],
    },
  );
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: runtime.url });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('the patient header', () => {
  it('opens from the panel with the name, the age from the date of birth and the room', async () => {
    await page.goto(`${runtime.url}/panel`);
    await page.getByRole('link', { name: 'Okafor, Adaeze' }).click();
    await page.waitForURL(`**/panel/${okaforId}`);
    await page.getByRole('heading', { level: 1, name: 'Okafor, Adaeze' }).waitFor({ timeout: 20_000 });
    await page.getByText(`Age ${ageInYears('1956-03-14', new Date())}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1956-03-14');
    expect(await page.getByRole('textbox', { name: 'Room' }).inputValue()).toBe('10A');
    expect(await page.getByLabel('Appointment').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'patient-screen-desktop', true);

    await page.getByRole('link', { name: 'Back to the panel' }).click();
    await page.waitForURL('**/panel');
  });

  it('copies the MRN formatted with cprs on, and as typed with it off', async () => {
    await setMe({ cprs: true });
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    await page.getByRole('button', { name: 'Copy MRN 400-12-3456' }).click();
    await page.getByRole('button', { name: 'MRN 400-12-3456 copied' }).waitFor();
    expect(await clipboard(page)).toBe('400-12-3456');

    await setMe({ cprs: false });
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    await page.getByRole('button', { name: 'Copy MRN 400123456' }).click();
    await expect.poll(() => clipboard(page)).toBe('400123456');
  });

  it('shows an appointment input instead of the room when the user is not inpatient, and saves it', async () => {
    await setMe({ inpatient: false });
    try {
      await openPatient(page, okaforId, 'Okafor, Adaeze');
      const appointment = page.getByLabel('Appointment');
      await appointment.waitFor();
      expect(await page.getByRole('textbox', { name: 'Room' }).count()).toBe(0);
      await appointment.fill('2027-01-15T09:30');
      await expect.poll(async () => (await stored(okaforId)).appointment, { timeout: 15_000 }).toBe('2027-01-15T09:30');
    } finally {
      await setMe({ inpatient: true });
    }
  });

  it('edits the name behind the pencil, then deletes the patient after the confirmation and returns to the panel', async () => {
    const id = await createPatient({ lastname: 'Temp', firstname: 'Person', mrn: '777' });
    await openPatient(page, id, 'Temp, Person');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    expect(await tags.isVisible()).toBe(true);
    const pencil = page.getByRole('button', { name: 'Edit name and MRN' });
    await pencil.click();
    expect(await pencil.getAttribute('aria-pressed')).toBe('true');
    expect(await tags.count()).toBe(0);
    await page.getByRole('textbox', { name: 'Last name' }).fill('Tempest');
    await page.getByRole('heading', { level: 1, name: 'Tempest, Person' }).waitFor();
    await expect.poll(async () => (await stored(id)).lastname, { timeout: 15_000 }).toBe('Tempest');

    await page.getByRole('button', { name: 'Delete Patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await asUser('GET', `/patients/${id}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete Patient' }).click();
    await dialog.getByRole('button', { name: 'Delete Patient' }).click();
    await page.waitForURL('**/panel');
    await page.getByRole('link', { name: 'Okafor, Adaeze' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: 'Tempest, Person' }).count()).toBe(0);
    expect((await asUser('GET', `/patients/${id}`)).status).toBe(404);
  });

  it('copies all visible fields as text: upper-case titles, a 70-dash rule, the text', async () => {
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    await page.getByRole('button', { name: 'Copy all as text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const rule = '-'.repeat(70);
    expect(await clipboard(page)).toBe(`SUBJECTIVE\n${rule}\nSlept well, no chest pain.\n\nASSESSMENT & PLAN\n${rule}\nCAP improving on ceftriaxone.`);
  });
});

describe('the tasks', () => {
  it('adds a task, appends the default tasks with OP, and shows the overdue one', async () => {
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    const overdueRow = taskList(page).locator('li').filter({ hasText: 'Call family' });
    await overdueRow.getByText('Overdue').waitFor();

    const input = page.getByRole('textbox', { name: 'New task' });
    await input.fill('Call pharmacy re: vanc trough');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');
    await page.getByRole('button', { name: 'OP: add the default tasks' }).click();
    await expect.poll(() => taskTexts(page)).toEqual(['Call family', 'Call pharmacy re: vanc trough', ...defaultTasks]);
    await expect
      .poll(async () => (await stored(okaforId)).tasks.map((t) => t.text), { timeout: 15_000 })
      .toEqual(['Call family', 'Call pharmacy re: vanc trough', ...defaultTasks]);
    expect((await stored(okaforId)).tasks.find((t) => t.text === 'Call pharmacy re: vanc trough')).toMatchObject({ priority: 3, dueDate: null, completed: false });
  });

  it('sets a due date with the picker and its quick shifts; a past one is overdue', async () => {
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    await page.getByRole('button', { name: 'Set a due date for Call pharmacy re: vanc trough' }).click();
    const picker = page.getByRole('dialog', { name: 'Due date of Call pharmacy re: vanc trough' });
    await picker.getByLabel('Date').fill('2030-01-15');
    await picker.getByRole('combobox', { name: 'Hour' }).selectOption('9');
    await picker.getByRole('combobox', { name: 'Minute' }).selectOption('45');
    await picker.getByRole('combobox', { name: 'AM/PM' }).selectOption('PM');
    await picker.getByRole('button', { name: '+1 day' }).click();
    await picker.getByRole('button', { name: '+1 hour' }).click();
    await shot(page, 'patient-due-date-picker');
    // The browser runs in Europe/Paris (harness/web.ts): 16 Jan 2030 22:45 there is 21:45 UTC.
    await expect.poll(async () => (await stored(okaforId)).tasks.find((t) => t.text.startsWith('Call pharmacy'))?.dueDate, { timeout: 15_000 }).toBe('2030-01-16T21:45:00.000Z');
    await page.keyboard.press('Escape');
    const row = taskList(page).locator('li').filter({ hasText: 'Call pharmacy' });
    expect(await row.getByRole('button', { name: /^Due date of Call pharmacy re: vanc trough: / }).textContent()).toContain('Jan 16');

    // Back into the past: overdue.
    await row.getByRole('button', { name: /^Due date of Call pharmacy/ }).click();
    await picker.getByLabel('Date').fill('2020-01-15');
    await page.keyboard.press('Escape');
    await row.getByText('Overdue').waitFor();
    await picker.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /^Due date of Call pharmacy/ }).click();
    await picker.getByRole('button', { name: 'Clear due date' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => row.getByText('Overdue').count()).toBe(0);
    await expect.poll(async () => (await stored(okaforId)).tasks.find((t) => t.text.startsWith('Call pharmacy'))?.dueDate, { timeout: 15_000 }).toBeNull();
  });

  it('completes a task, then deletes it (delete is offered only once complete); sets a priority', async () => {
    await openPatient(page, okaforId, 'Okafor, Adaeze');
    const row = taskList(page).locator('li').filter({ hasText: 'Call pharmacy' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await row.getByRole('combobox', { name: 'Priority of Call pharmacy re: vanc trough' }).selectOption('P1');
    await page.getByRole('checkbox', { name: 'Call pharmacy re: vanc trough' }).check();
    await page.getByRole('button', { name: 'Delete Call pharmacy re: vanc trough' }).click();
    await expect.poll(() => taskTexts(page)).not.toContain('Call pharmacy re: vanc trough');
    await expect
      .poll(async () => (await stored(okaforId)).tasks.map((t) => t.text), { timeout: 15_000 })
      .toEqual(['Call family', ...defaultTasks]);
  });
});

it('fits a 375 px phone and works by keyboard', async () => {
  const phone = await (await newContext(browser, PHONE_375)).newPage();
  await signIn(phone, runtime.url, user);
  await openPatient(phone, okaforId, 'Okafor, Adaeze');
  await taskList(phone).waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await shot(phone, 'patient-screen-phone', true);

  // The edit pencil by keyboard: focus it, Space toggles it.
  const pencil = phone.getByRole('button', { name: 'Edit name and MRN' });
  await pencil.focus();
  await phone.keyboard.press('Space');
  expect(await pencil.getAttribute('aria-pressed')).toBe('true');
  await phone.getByRole('textbox', { name: 'Last name' }).waitFor();
  await shot(phone, 'patient-header-phone-editing');
  await phone.context().close();
});
