// A new patient is ready to type, in Chromium against the real runtime: added from the panel, every visible section is
// an empty editor with no error box; what is typed autosaves and is there after a reload, on a desktop and on a phone.
// Only a stored section that cannot be read (damaged in DynamoDB Local, the API writes none) shows 'Field Value Error'.
import { Patient, defaultVisibleFields, sectionTitle, type FieldValue } from '@chartside/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, editorsNearViewMounted, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
const table = localTable(runtime);
let browser: Browser;
let user: TestUser;
let asUser: Api;

const plain = (value: FieldValue | undefined) =>
  (JSON.parse(value?.deltaString || '[]') as { content: { text: string }[] }[]).map((block) => block.content.map((part) => part.text).join('')).join('\n');
const stored = async (id: string) => Patient.parse((await asUser('GET', `/patients/${id}`)).json);

const sectionsList = (page: Page) => page.getByRole('list', { name: 'Note sections' });
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Adds a patient from the panel as a clinician does; returns its id, read from the page it opens. */
const addPatient = async (page: Page, lastname: string, firstname: string) => {
  await page.goto(`${runtime.url}/panel`);
  await page.getByRole('button', { name: 'Add patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add patient' });
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(lastname);
  await dialog.getByRole('textbox', { name: 'First name' }).fill(firstname);
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await page.waitForURL(/\/panel\/[^/]+$/);
  await sectionsList(page).waitFor({ timeout: 20_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('a new patient', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('opens with every section empty and editable on a %s, and what is typed autosaves', async (width, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await signIn(page, runtime.url, user);
    await dismissOfflineNotice(page);
    const id = await addPatient(page, 'Mensah', width === 'phone' ? 'Kofi' : 'Ama');
    await editorsNearViewMounted(page);

    // The demo user is inpatient: the inpatient sections, each an empty editor, and not one error box.
    const shown = defaultVisibleFields(true);
    expect(await sectionsList(page).getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('data-section')))).toEqual(shown);
    // Sections far below the view show a stand-in until their editor mounts: it takes typing too, never read-only.
    for (const name of shown) {
      const editor = section(page, sectionTitle(name)).getByRole('textbox', { name: sectionTitle(name) });
      expect(await editor.getAttribute('aria-readonly')).toBeNull();
      expect(await editor.getAttribute('contenteditable')).not.toBe('false');
      expect((await editor.innerText()).trim()).toBe('');
    }
    expect(await page.getByText(/Field Value Error/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Start this section/ }).count()).toBe(0);
    await shot(page, `new-patient-${width}`);

    // On the phone, the last section, far below the view.
    const name = width === 'phone' ? 'dischargeplan' : 'subjective';
    const title = sectionTitle(name);
    const text = width === 'phone' ? 'Home with home health once off oxygen.' : 'Slept well, no chest pain overnight.';
    await section(page, title).getByRole('textbox', { name: title }).click();
    await page.keyboard.type(text);
    await expect.poll(async () => plain((await stored(id)).fields[name]), { timeout: 15_000 }).toBe(text);
    // Only the section written in is stored.
    expect(Object.keys((await stored(id)).fields)).toEqual([name]);

    await page.reload();
    await sectionsList(page).waitFor({ timeout: 20_000 });
    await editorsNearViewMounted(page);
    expect((await section(page, title).getByRole('textbox', { name: title }).innerText()).trim()).toBe(text);
    expect(await page.getByText(/Field Value Error/).count()).toBe(0);
    await context.close();
  });
});

describe('a stored section that cannot be read', () => {
  it("shows 'Field Value Error' with what is stored, the rest of the patient as usual, and starts again after asking", async () => {
    const created = Patient.parse((await asUser('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze' })).json);
    const rich = (text: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]) });
    const saved = await asUser('PATCH', `/patients/${created.id}`, { version: created.version, fields: { events: rich('Rapid response at 02:00'), vitals: rich('BP 128/76') } });
    expect(saved.status, saved.text).toBe(200);
    // An older editor's delta object where the text belongs: the API refuses to write one, so it goes in behind its back.
    const damaged = JSON.stringify({ deltaString: { ops: [{ insert: 'BP 128/76\n' }] } });
    const pk = `USER#${user.userId}`;
    const part = await table.get(pk, `PART#PATIENT#${created.id}#fields.vitals#0000`);
    expect(part).toBeDefined();
    await table.put({ ...part, data: damaged });

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, runtime.url, user);
    await page.goto(`${runtime.url}/panel/${created.id}`);
    await sectionsList(page).waitFor({ timeout: 20_000 });
    await editorsNearViewMounted(page);
    const vitals = section(page, 'Vitals');
    await vitals.getByText('Field Value Error for vitals').waitFor();
    expect(await vitals.getByText(damaged).count()).toBe(1);
    expect(await page.getByText(/Field Value Error/).count()).toBe(1);
    expect((await section(page, 'Events').getByRole('textbox', { name: 'Events' }).innerText()).trim()).toBe('Rapid response at 02:00');
    await shot(page, 'patient-unreadable-section');

    await vitals.getByRole('button', { name: 'Start this section again' }).click();
    await page.getByRole('dialog', { name: 'Start Vitals again?' }).getByRole('button', { name: 'Start again' }).click();
    const editor = vitals.getByRole('textbox', { name: 'Vitals' });
    await editor.click();
    await page.keyboard.type('HR 88');
    await expect.poll(async () => plain((await stored(created.id)).fields.vitals), { timeout: 15_000 }).toBe('HR 88');
    expect((await stored(created.id)).fields.vitals?.unreadable).toBeUndefined();
    await context.close();
  });
});
