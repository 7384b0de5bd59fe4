// Admission notes in Chromium against the real runtime: start a note from a panel patient and find it pre-filled, type
// into a section, see it autosaved, reload and find it kept, type offline and see it saved once back online, copy the
// note as text, search the list, and delete it (confirmed); a section changed on another device while this one was
// offline shows both versions to choose from. Screenshots at desktop and phone width.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { Admission, plainTextDeltaString, sectionPlainText, type Patient } from '@chartside/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';
import { DESKTOP, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let asUser: Api;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  const created = (await asUser('POST', '/patients', { lastname: 'Okafor', firstname: 'Grace', mrn: '990011', room: '7W-12' })).json as unknown as Patient;
  const filled = await asUser('PATCH', `/patients/${created.id}`, {
    version: created.version,
    oneliner: plainTextDeltaString('71F with HFrEF admitted with volume overload'),
    fields: {
      hpi: { deltaString: plainTextDeltaString('One week of orthopnea and leg swelling.') },
      assessment: { deltaString: '', data: { problems: [{ id: 'p1', problem: 'Acute on chronic HFrEF', assessment: '', plan: '- IV furosemide' }] } },
    },
  });
  expect(filled.status).toBe(200);
  const context = await newContext(browser, DESKTOP, { serviceWorker: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: runtime.url });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
});
afterAll(async () => {
  await browser?.close();
});

const OFFLINE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';
const section = (p: Page, title: string) => p.getByRole('textbox', { name: `${title} text`, exact: true });
const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 15_000 });
const stored = async (id: string) => Admission.parse((await asUser('GET', `/admissions/${id}`)).json);
const storedText = async (id: string, sectionId: string) => sectionPlainText((await stored(id)).sections.find((s) => s.id === sectionId)?.body ?? '');

describe('admission notes', () => {
  it('starts from a patient pre-filled, autosaves typing, keeps it after a reload, copies as text and deletes', async () => {
    await page.goto(`${runtime.url}/admissions`);
    await page.getByRole('heading', { level: 1, name: 'Admissions' }).waitFor();
    await page.getByText('No admission notes yet').waitFor();
    await shot(page, 'admissions-empty-desktop');

    await page.getByRole('button', { name: 'From a patient' }).click();
    await page.getByRole('combobox', { name: 'Start from a patient on your panel' }).click();
    await page.getByRole('option', { name: 'Okafor, Grace' }).click();
    await page.waitForURL(/\/admissions\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    // Pre-filled from the patient: title, demographics, HPI, and the ID line with the problem list in the plan.
    await expect.poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('H&P: Okafor, Grace');
    expect(await page.getByRole('textbox', { name: 'Patient', exact: true }).inputValue()).toBe('Okafor, Grace · MRN 990011 · Room 7W-12');
    await expect.poll(() => section(page, 'HPI').textContent()).toContain('One week of orthopnea and leg swelling.');
    const plan = await section(page, 'Assessment and plan').textContent();
    expect(plan).toContain('71F with HFrEF admitted with volume overload');
    expect(plan).toContain('#1 Acute on chronic HFrEF');

    // Typing autosaves: the server has it once the screen says Saved.
    await section(page, 'ROS').click();
    await page.keyboard.type('Negative except as in HPI');
    await saved(page);
    await expect.poll(() => storedText(id, 'ros'), { timeout: 10_000 }).toBe('Negative except as in HPI');
    await shot(page, 'admission-note-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'admission-note-phone');
    await page.setViewportSize(DESKTOP);

    await page.reload();
    await expect.poll(() => section(page, 'ROS').textContent(), { timeout: 20_000 }).toContain('Negative except as in HPI');
    await shot(page, 'admission-note-top-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'admission-note-top-phone');
    await page.setViewportSize(DESKTOP);

    // An edit made offline is kept and saved once the server can be reached again.
    await page.context().setOffline(true);
    await section(page, 'Exam').click();
    await page.keyboard.type('JVP 10 cm, bibasilar crackles');
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
    await saved(page);
    await expect.poll(() => storedText(id, 'exam'), { timeout: 10_000 }).toBe('JVP 10 cm, bibasilar crackles');

    await page.getByRole('button', { name: 'Copy as text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('H&P: Okafor, Grace\nOkafor, Grace · MRN 990011 · Room 7W-12\n\nHPI\nOne week of orthopnea and leg swelling.')).toBe(true);
    expect(copied).toContain('ROS\nNegative except as in HPI');

    // The list shows it and finds it by the patient's name.
    await page.goto(`${runtime.url}/admissions?q=okafor`);
    await page.getByRole('link', { name: 'H&P: Okafor, Grace' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody');
    await page.getByText('No note matches this search.').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await shot(page, 'admissions-list-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'admissions-list-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('link', { name: 'H&P: Okafor, Grace' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this admission note?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admissions$/);
    await page.getByText('No admission notes yet').waitFor();
    expect((await asUser('GET', `/admissions/${id}`)).status).toBe(404);
  });

  it('shows both versions of a section changed on another device while this one was offline, and keeps the one chosen', async () => {
    const created = await stored((await asUser('POST', '/admissions', {})).json.id as string);
    await page.goto(`${runtime.url}/admissions/${encodeURIComponent(created.id)}`);
    await section(page, 'ROS').waitFor();

    await page.context().setOffline(true);
    await section(page, 'ROS').click();
    await page.keyboard.type('Denies chest pain');
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    // Meanwhile the ward computer saves the same section.
    const theirs = await asUser('PATCH', `/admissions/${created.id}`, {
      version: created.version,
      sections: created.sections.map((s) => (s.id === 'ros' ? { ...s, body: plainTextDeltaString('Positive for orthopnea') } : s)),
    });
    expect(theirs.status).toBe(200);
    await page.context().setOffline(false);

    const dialog = page.getByRole('dialog', { name: 'This note changed on another device' });
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.textContent()).toContain('ROS: Denies chest pain');
    expect(await dialog.textContent()).toContain('ROS: Positive for orthopnea');
    await page.waitForTimeout(300); // the dialog's opening transition
    await shot(page, 'admission-conflict');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await saved(page);
    await expect.poll(() => storedText(created.id, 'ros'), { timeout: 10_000 }).toBe('Denies chest pain');
  });
});
