// Saved AI prompts (/tools/prompts) in Chromium against the real runtime, its AI pointed at the model double: a new
// user's empty state; create (one by keyboard alone), edit, search, favourite (favourites listed first) and delete after
// a confirmation, all kept after a reload and stored in the user document; 'Use in chat' starts a chat with the prompt
// in the message, not sent; the composer's prompts menu, by keyboard, puts a prompt at the caret and the model receives
// it when sent; axe finds nothing on the page or the open menu; and the page on a phone.
import AxeBuilder from '@axe-core/playwright';
import { promptText, UserDocument } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedModel } from '../harness/shared-model';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
const model = sharedModel();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const DISCHARGE = 'Write a discharge summary from the notes below: reason for admission, hospital course, medications changed, follow-up.';
const DDX = 'List a differential diagnosis for the case below, most likely first, with one line of reasoning each.';
const LETTER = 'Explain the result below to the patient in plain words, at a sixth-grade reading level.';

const me = async () => UserDocument.parse((await asUser('GET', '/me')).json);
const openPrompts = async (p: Page) => {
  await p.goto(`${runtime.url}/tools/prompts`);
  await p.getByRole('heading', { level: 1, name: 'Prompts' }).waitFor({ timeout: 20_000 });
};
const savedList = (p: Page) => p.getByRole('list', { name: 'Saved prompts' });
/** The prompts' names as listed, a star before each favourite. */
const listedNames = (p: Page) =>
  savedList(p)
    .getByRole('button', { name: /^Favourite: / })
    .evaluateAll((buttons) => buttons.map((b) => `${b.getAttribute('aria-pressed') === 'true' ? '★ ' : ''}${b.getAttribute('aria-label')!.slice('Favourite: '.length)}`));
const form = (p: Page, name: string) => p.getByRole('form', { name });
const composer = (p: Page) => p.getByRole('textbox', { name: 'Message' });
/** axe's findings (WCAG 2.x A/AA and best practices), one line each. */
const axe = async (p: Page, include?: string) => {
  const builder = new AxeBuilder({ page: p });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`);
};

/** Fills the open form: the name, then the text typed into the rich-text editor. */
const fillPrompt = async (p: Page, heading: string, name: string, text: string) => {
  const open = form(p, heading);
  await open.getByRole('textbox', { name: 'Name' }).fill(name);
  await open.getByRole('textbox', { name: 'Prompt text' }).click();
  await p.keyboard.type(text);
  await open.getByRole('button', { name: 'Save prompt' }).click();
  await open.waitFor({ state: 'detached' });
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('saved prompts', () => {
  it('shows a new user what prompts are, and the Tools page no longer calls Prompts a later release', async () => {
    await page.goto(`${runtime.url}/tools`);
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Prompts', exact: true }) });
    expect(await entry.textContent()).not.toContain('Later release');
    await entry.getByRole('link', { name: 'Prompts' }).click();
    await page.getByRole('heading', { name: 'No saved prompts yet' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('This screen arrives in a later release').count()).toBe(0);
    await shot(page, 'prompts-empty-desktop');
  });

  it('creates, favourites, edits, searches and deletes prompts, favourites first, all kept after a reload', async () => {
    await openPrompts(page);
    await page.getByRole('button', { name: 'New prompt' }).click();
    await fillPrompt(page, 'New prompt', 'Discharge summary', DISCHARGE);
    await page.getByRole('button', { name: 'New prompt' }).click();
    await fillPrompt(page, 'New prompt', 'Differential', DDX);

    // The third by keyboard alone: New prompt, the name, Tab into the text, Tab on to Save.
    await page.getByRole('button', { name: 'New prompt' }).focus();
    await page.keyboard.press('Enter');
    await form(page, 'New prompt').getByRole('textbox', { name: 'Name' }).waitFor();
    await page.keyboard.type('patient letter');
    await page.keyboard.press('Tab');
    await page.keyboard.type(LETTER);
    // Tab on past the editor's own controls and Cancel to Save.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    for (let presses = 0; presses < 5 && (await focused()) !== 'Save prompt'; presses += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Save prompt');
    await page.keyboard.press('Enter');
    await form(page, 'New prompt').waitFor({ state: 'detached' });
    // The focus lands on the saved prompt's Edit, not the top of the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit patient letter');

    await expect.poll(() => listedNames(page)).toEqual(['Differential', 'Discharge summary', 'patient letter']);
    await savedList(page).getByRole('button', { name: 'Favourite: patient letter' }).click();
    await savedList(page).getByRole('button', { name: 'Favourite: Differential' }).click();
    await expect.poll(() => listedNames(page)).toEqual(['★ Differential', '★ patient letter', 'Discharge summary']);

    // Edit in place: the name and the text.
    await savedList(page).getByRole('button', { name: 'Edit patient letter' }).click();
    const edit = form(page, 'Edit patient letter');
    await edit.getByRole('textbox', { name: 'Name' }).fill('Patient letter');
    // Once the editor is in (it mounts when the form opens), the text is rewritten whole.
    await edit.locator('[contenteditable="true"]').waitFor();
    await edit.getByRole('textbox', { name: 'Prompt text' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`${LETTER} Avoid jargon.`);
    await edit.getByRole('button', { name: 'Save prompt' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => listedNames(page)).toEqual(['★ Differential', '★ Patient letter', 'Discharge summary']);

    // Search: the name or the text, the words in any order; kept in the address.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('plain jargon');
    await expect.poll(() => listedNames(page)).toEqual(['★ Patient letter']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('plain jargon');
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
    await expect.poll(() => listedNames(page)).toHaveLength(3);

    // Delete asks first; Cancel keeps it.
    await savedList(page).getByRole('button', { name: 'Delete Discharge summary' }).click();
    const confirm = page.getByRole('dialog', { name: "Delete the prompt 'Discharge summary'?" });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => listedNames(page)).toHaveLength(3);

    // Stored in the user document, and the same after a reload.
    await expect
      .poll(async () => {
        const stored = await me();
        return { prompts: stored.prompts.map((p) => [p.name, promptText(p)]), favorites: stored.favoritePrompts.map((id) => stored.prompts.find((p) => p.id === id)?.name) };
      }, { timeout: 10_000 })
      .toEqual({
        prompts: [
          ['Discharge summary', DISCHARGE],
          ['Differential', DDX],
          ['Patient letter', `${LETTER} Avoid jargon.`],
        ],
        favorites: ['Patient letter', 'Differential'],
      });
    await page.reload();
    await savedList(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => listedNames(page)).toEqual(['★ Differential', '★ Patient letter', 'Discharge summary']);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'prompts-desktop', true);
  });

  it("'Use in chat' starts a chat with the prompt in the message, not sent", async () => {
    await model.reset();
    await openPrompts(page);
    await savedList(page).getByRole('button', { name: 'Use in chat: Discharge summary' }).click();
    await page.waitForURL(/\/chat\/[\w-]+$/, { timeout: 20_000 });
    await expect.poll(() => composer(page).inputValue(), { timeout: 10_000 }).toBe(DISCHARGE);
    await page.getByText('Chat will appear here').waitFor();
    expect(await model.requests(DISCHARGE)).toEqual([]);
    await shot(page, 'prompts-use-in-chat');
  });

  it("the composer's prompts menu, by keyboard, puts a prompt at the caret, favourites first, and the model receives it", async () => {
    await model.reset();
    await page.goto(`${runtime.url}/chat`);
    await page.waitForURL(/\/chat\/[\w-]+$/, { timeout: 20_000 });
    // The message carries this file's key, so its request is listed among this file's.
    const ecg = `ECG: sinus rhythm, rate 72, normal axis (${model.key}).`;
    await composer(page).fill(ecg);
    await page.getByRole('button', { name: 'Insert a saved prompt' }).focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allInnerTexts()).toEqual(['Differential', 'Patient letter', 'Discharge summary', 'Manage prompts']);
    expect(await axe(page, '[role="menu"]')).toEqual([]);
    await shot(page, 'prompts-chat-menu');
    // Opened by the keyboard, the first prompt has the focus; the arrows move on.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Differential');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Patient letter');
    await page.keyboard.press('Enter');
    const message = `${ecg}\n\n${LETTER} Avoid jargon.`;
    await expect.poll(() => composer(page).inputValue()).toBe(message);
    // The focus is back in the message: Enter sends it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await model.requests()).find((r) => r.operation === 'chat')?.lastUserText, { timeout: 15_000 }).toBe(message);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().innerText(), { timeout: 15_000 }).toContain('Reply to: ECG');
  });

  it('deletes a prompt after the confirmation, its favourite mark too, kept after a reload', async () => {
    await openPrompts(page);
    await savedList(page).getByRole('button', { name: 'Delete Differential' }).click();
    await page.getByRole('dialog', { name: "Delete the prompt 'Differential'?" }).getByRole('button', { name: 'Delete prompt' }).click();
    await expect.poll(() => listedNames(page)).toEqual(['★ Patient letter', 'Discharge summary']);
    await expect.poll(async () => (await me()).favoritePrompts.length, { timeout: 10_000 }).toBe(1);
    await page.reload();
    await savedList(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => listedNames(page)).toEqual(['★ Patient letter', 'Discharge summary']);
  });

  it('fits a phone: the list, the form, and the chat menu', async () => {
    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, runtime.url, user);
    await dismissOfflineNotice(phone);
    await openPrompts(phone);
    await savedList(phone).waitFor({ timeout: 20_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'prompts-phone', true);
    await phone.getByRole('button', { name: 'New prompt' }).click();
    await form(phone, 'New prompt').getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'prompts-phone-form');
    await form(phone, 'New prompt').getByRole('button', { name: 'Cancel' }).click();

    await phone.goto(`${runtime.url}/chat`);
    await phone.waitForURL(/\/chat\/[\w-]+$/, { timeout: 20_000 });
    await phone.getByRole('button', { name: 'Insert a saved prompt' }).click();
    await phone.getByRole('menuitem', { name: 'Discharge summary' }).click();
    await expect.poll(() => composer(phone).inputValue()).toBe(DISCHARGE);
    await shot(phone, 'prompts-phone-chat');
    await phoneContext.close();
  });
});
