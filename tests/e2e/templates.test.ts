// Templates in Chromium against the real runtime: with none made yet the ',.word' picker says how to make one and leads
// to /templates; /templates creates, edits, duplicates, searches and deletes text templates, and renames, changes and
// deletes note templates, all saved to the user document; in a patient section ',.word' opens the Templates picker,
// arrows and Enter insert a template in place of the trigger, a click does too, Escape leaves the text as typed; the
// pink '***' blank survives a reload and copy as text. Desktop and phone widths.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { Patient, UserDocument, type PatientSection } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { editorsNearViewMounted, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};
const me = async () => UserDocument.parse(await call('GET', '/me'));
const blocks = (...lines: string[]) => JSON.stringify(lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line, styles: {} }], children: [] })));
/** A stored body's text, one line per block. */
const plain = (deltaString: string | undefined) =>
  (JSON.parse(deltaString || '[]') as { content?: { text: string }[] }[]).map((block) => (block.content ?? []).map((part) => part.text).join('')).join('\n');

/** A stored template's rich text, whichever shape it is stored in. */
const contentOf = (stored: UserDocument['templates'][string] | undefined) => (typeof stored === 'string' ? stored : stored?.content);

const createPatient = async (visibleFields: PatientSection[]) => {
  const created = (await call('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze', dob: '1956-03-14', mrn: '400123456', room: '10A' })) as { id: string; version: number };
  await call('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields });
  return created.id;
};
const storedPatient = async (id: string) => Patient.parse(await call('GET', `/patients/${id}`));

const section = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });
const editor = (p: Page, title: string) => section(p, title).getByRole('textbox', { name: title });
const picker = (p: Page) => p.getByRole('listbox', { name: 'Templates' });
const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 20_000 });
/** An editor's text, one line per block (innerText puts a blank line between blocks). */
const editorText = async (p: Page, title: string) => (await editor(p, title).innerText()).replace(/\n+/g, '\n').trim();

const openPatient = async (p: Page, id: string) => {
  await p.goto(`${runtime.url}/panel/${id}`);
  await p.getByRole('list', { name: 'Note sections' }).waitFor({ timeout: 20_000 });
  await editorsNearViewMounted(p);
};

const violations = async (p: Page, selector: string) => {
  const { violations: found } = await new AxeBuilder({ page: p }).include(selector).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: runtime.url });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('with no templates yet', () => {
  it('the picker says how to make one, and Enter leads to /templates, which explains ,.word', async () => {
    const id = await createPatient(['hpi']);
    await openPatient(page, id);
    await editor(page, 'HPI').click();
    await page.keyboard.type('Seen today ,.h');
    await picker(page).waitFor();
    await page.getByText('No templates yet. Make one on the Templates page').waitFor();
    expect(await picker(page).getByRole('option').allTextContents()).toEqual(['Open Templates']);
    await shot(page, 'templates-picker-none-yet');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/templates');
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByRole('heading', { name: 'No text templates yet' }).waitFor();
    expect(await page.getByText('type a comma, a period and the word, for example ,.hpi').count()).toBe(1);
    await page.getByText('No note templates yet.').waitFor();
    await shot(page, 'templates-empty-desktop', true);
    expect(await violations(page, 'main')).toEqual([]);
  });
});

describe('/templates', () => {
  const textTemplates = (p: Page) => p.getByRole('list', { name: 'Text templates' });

  it('creates, edits, duplicates, searches and deletes text templates, by keyboard, saved to the user document', async () => {
    await page.goto(`${runtime.url}/templates`);
    const create = page.getByRole('button', { name: 'New template' });
    await create.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New template' });
    // The name has the focus; Tab goes on to the trigger word, then the text.
    await page.keyboard.type('History of present illness');
    await page.keyboard.press('Tab');
    await page.keyboard.type('hpi');
    await form.getByRole('textbox', { name: 'Template text' }).click();
    await page.locator('[contenteditable][aria-label="Template text"]').waitFor();
    await page.keyboard.type('Onset ***, worse with exertion.');
    await form.getByRole('button', { name: 'Save template' }).click();
    await textTemplates(page).getByText('Onset ***, worse with exertion.').waitFor();
    await expect.poll(async () => (await me()).templates, { timeout: 15_000 }).toEqual({
      'History of present illness': { trigger: 'hpi', content: expect.stringContaining('Onset ***, worse with exertion.') },
    });
    // The focus went back to the template's Edit button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit History of present illness');

    // A second template may not take the same trigger word; it says which template has it.
    await create.click();
    await page.keyboard.type('Other');
    await page.keyboard.press('Tab');
    await page.keyboard.type('HPI');
    await page.getByText("',.HPI' already opens 'History of present illness'.").waitFor();
    await page.getByRole('form', { name: 'New template' }).getByRole('button', { name: 'Cancel' }).click();

    // Edit: rename it and change its text.
    await page.getByRole('button', { name: 'Edit History of present illness' }).click();
    const edit = page.getByRole('form', { name: 'Edit History of present illness' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('HPI');
    await edit.locator('[contenteditable][aria-label="Template text"]').waitFor();
    await edit.getByText('worse with exertion.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Radiates to ***.');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(async () => Object.keys((await me()).templates), { timeout: 15_000 }).toEqual(['HPI']);
    expect(plain(contentOf((await me()).templates.HPI))).toBe('Onset ***, worse with exertion. Radiates to ***.');

    // Duplicate: a free name and trigger.
    await page.getByRole('button', { name: 'Duplicate HPI' }).click();
    await page.getByText("Copied as 'HPI (copy)'.").waitFor();
    await textTemplates(page).getByText(',.hpi2').waitFor();
    await expect.poll(async () => Object.keys((await me()).templates), { timeout: 15_000 }).toEqual(['HPI', 'HPI (copy)']);

    // Search, kept in the URL.
    const search = page.getByRole('searchbox', { name: 'Search templates' });
    await search.fill('copy');
    await expect.poll(() => textTemplates(page).getByRole('listitem').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('copy');
    await search.fill('no such words');
    await page.getByText("No templates match 'no such words'.").waitFor();
    await search.fill('');

    // Delete after the confirmation; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete HPI (copy)' }).click();
    const confirm = page.getByRole('dialog', { name: "Delete the template 'HPI (copy)'?" });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await textTemplates(page).getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete HPI (copy)' }).click();
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect.poll(() => textTemplates(page).getByRole('listitem').count()).toBe(1);
    await expect.poll(async () => Object.keys((await me()).templates), { timeout: 15_000 }).toEqual(['HPI']);
    expect(await textTemplates(page).getByRole('listitem').first().innerText()).toContain('HPI');
    await shot(page, 'templates-text-desktop', true);
    expect(await violations(page, 'main')).toEqual([]);
  });

  it('adds, renames, changes the fields of and deletes a note template', async () => {
    await page.goto(`${runtime.url}/templates`);
    const noteTemplates = page.getByRole('region', { name: 'Note templates' });
    await noteTemplates.getByRole('button', { name: 'New note template' }).click();
    const form = page.getByRole('form', { name: 'New note template' });
    const add = form.getByRole('button', { name: 'Add New Template' });
    expect(await add.isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'New Template Name' }).fill('ICU day');
    await form.getByRole('button', { name: 'Add Vitals' }).click();
    await form.getByRole('textbox', { name: 'Search Name' }).fill('lab');
    await form.getByRole('button', { name: 'Add Labs' }).click();
    await add.click();
    await noteTemplates.getByText('Vitals, Labs').waitFor();
    await expect.poll(async () => (await me()).noteTemplate, { timeout: 15_000 }).toEqual([{ label: 'ICU day', value: ['vitals', 'labs'] }]);

    await noteTemplates.getByRole('button', { name: 'Rename ICU day' }).click();
    await noteTemplates.getByRole('textbox', { name: 'New name for ICU day' }).fill('ICU progress');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await me()).noteTemplate, { timeout: 15_000 }).toEqual([{ label: 'ICU progress', value: ['vitals', 'labs'] }]);

    await noteTemplates.getByRole('button', { name: 'Change the fields of ICU progress' }).click();
    const fields = page.getByRole('form', { name: 'Fields of ICU progress' });
    await fields.getByRole('button', { name: 'Remove Labs' }).click();
    await fields.getByRole('button', { name: 'Add Assessment & Plan' }).click();
    await fields.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await me()).noteTemplate, { timeout: 15_000 }).toEqual([{ label: 'ICU progress', value: ['vitals', 'assessment'] }]);
    await shot(page, 'templates-note-desktop', true);

    await noteTemplates.getByRole('button', { name: 'Delete ICU progress' }).click();
    await page.getByRole('dialog', { name: "Delete the note template 'ICU progress'?" }).getByRole('button', { name: 'Delete template' }).click();
    await expect.poll(async () => (await me()).noteTemplate, { timeout: 15_000 }).toEqual([]);
  });

  it('fits a phone', async () => {
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    await phone.goto(`${runtime.url}/templates`);
    await phone.getByRole('button', { name: 'Edit HPI' }).waitFor({ timeout: 20_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(phone, 'templates-phone', true);
    await phone.getByRole('button', { name: 'Edit HPI' }).click();
    await phone.locator('[contenteditable][aria-label="Template text"]').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(phone, 'templates-phone-edit', true);
    await phone.context().close();
  });
});

describe('the Templates picker in a note section', () => {
  let id: string;
  beforeAll(async () => {
    const { version } = await me();
    await call('PATCH', '/me', {
      version,
      templates: {
        'History of present illness': { trigger: 'hpi', content: blocks('Onset ***, worse with exertion.') },
        'Physical exam': { trigger: 'pe', content: blocks('Lungs clear.', 'Heart regular.') },
      },
    });
    id = await createPatient(['hpi', 'exam']);
  });

  it('opens on ,.word, moves by arrows, inserts by Enter in place of the trigger, and Escape leaves the text', async () => {
    await openPatient(page, id);
    await editor(page, 'HPI').click();
    await page.keyboard.type('Pt reports ,.p');
    await picker(page).waitFor();
    const options = picker(page).getByRole('option');
    // 'pe' starts with the word, 'hpi' only holds it.
    expect(await options.allTextContents()).toEqual(['Physical exam,.pe', 'History of present illness,.hpi']);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await shot(page, 'templates-picker');
    expect(await violations(page, '[role=listbox]')).toEqual([]);
    await page.keyboard.press('Enter');
    await picker(page).waitFor({ state: 'hidden' });
    await expect.poll(() => editorText(page, 'HPI')).toBe('Pt reports Onset ***, worse with exertion.');
    // Typing goes on after the inserted text.
    await page.keyboard.type(' Since Monday.');
    await expect.poll(() => editorText(page, 'HPI')).toBe('Pt reports Onset ***, worse with exertion. Since Monday.');

    // The word narrows the list; Escape closes it and leaves ',.word' as typed.
    await page.keyboard.type(' ,.pe');
    await picker(page).waitFor();
    expect(await picker(page).getByRole('option').allTextContents()).toEqual(['Physical exam,.pe']);
    await page.keyboard.press('Escape');
    await picker(page).waitFor({ state: 'hidden' });
    await page.keyboard.type(' ok');
    await expect.poll(() => editorText(page, 'HPI')).toBe('Pt reports Onset ***, worse with exertion. Since Monday. ,.pe ok');
    expect(await picker(page).count()).toBe(0);

    // A word no template matches closes the picker at once: Enter is a new line again.
    await page.keyboard.type(' 134,.xq');
    await expect.poll(() => picker(page).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('next line');
    await expect.poll(() => editorText(page, 'HPI')).toBe('Pt reports Onset ***, worse with exertion. Since Monday. ,.pe ok 134,.xq\nnext line');

    await saved(page);
    const stored = await storedPatient(id);
    expect(plain(stored.fields.hpi?.deltaString)).toBe('Pt reports Onset ***, worse with exertion. Since Monday. ,.pe ok 134,.xq\nnext line');
  });

  it('inserts a template of several paragraphs with a click', async () => {
    await openPatient(page, id);
    await editor(page, 'Exam').click();
    await page.keyboard.type('General: well. ,.exam');
    await picker(page).getByRole('option', { name: /^Physical exam/ }).click();
    await expect.poll(() => editorText(page, 'Exam')).toBe('General: well. Lungs clear.\nHeart regular.');
    await saved(page);
    expect(plain((await storedPatient(id)).fields.exam?.deltaString)).toBe('General: well. Lungs clear.\nHeart regular.');
  });

  it("keeps '***' as typed and pink after a reload, and in copy as text", async () => {
    await openPatient(page, id);
    const blank = editor(page, 'HPI').getByText('***', { exact: true });
    await blank.waitFor();
    const pink = await blank.evaluate((span) => getComputedStyle(span).backgroundColor);
    expect(pink).not.toBe('rgba(0, 0, 0, 0)');
    expect((await storedPatient(id)).fields.hpi?.deltaString).toContain('Onset ***, worse');
    await page.reload();
    await openPatient(page, id);
    expect(await editor(page, 'HPI').getByText('***', { exact: true }).evaluate((span) => getComputedStyle(span).backgroundColor)).toBe(pink);
    await page.getByRole('button', { name: 'Copy all as text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Pt reports Onset ***, worse with exertion.');
    expect(copied).toContain('HPI');
  });
});
