// The resource library in Chromium against the real runtime: create each type, edit and see it after a reload, the
// favorite, Auto-fill, files (a real upload with progress to s3rver, open, delete with the object gone), a missing or
// foreign id, two devices editing (merged, or the conflict dialog), the phone width and axe.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { resourceTypes } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const typeLabels: Record<(typeof resourceTypes)[number], string> = {
  text: 'Text',
  link: 'Link',
  files: 'Files',
  article: 'Article',
  case: 'Case',
  guide: 'Guide',
  clinical: 'Clinical',
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser, DESKTOP, { serviceWorker: true });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
});

/** Creates a resource through the API (setup for a test about something else); answers its id. */
const createByApi = async (name: string, extra: Record<string, unknown> = {}) => {
  const { status, json, text } = await asUser('POST', '/resources', { name, type: 'text', ...extra });
  expect(status, text).toBe(200);
  return String(json.id);
};

const openResource = async (p: Page, id: string, name: string) => {
  await p.goto(`${runtime.url}/resources/${id}`);
  await p.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
};

const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 15_000 });

const violations = async (p: Page) => {
  const { violations: found } = await new AxeBuilder({ page: p }).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(', ')}`);
};

describe('creating resources', () => {
  it.each(resourceTypes)('creates a %s resource from the New Resource dialog', async (type) => {
    await page.goto(`${runtime.url}/resources`);
    await page.getByRole('button', { name: 'New Resource' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Resource' });
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: typeLabels[type] }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`  My ${type} resource  `);
    await dialog.getByRole('textbox', { name: 'Description' }).fill(`  About ${type}  `);
    await create.click();
    await page.waitForURL(/\/resources\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: `My ${type} resource` }).waitFor();
    expect(await page.getByRole('img', { name: typeLabels[type] }).first().isVisible()).toBe(true);
    expect(await page.getByText(`About ${type}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('No link provided').isVisible()).toBe(true);
  });

  it('opens the dialog from the top bar menu too, and lists every type on /resources, filterable by type', async () => {
    await page.goto(`${runtime.url}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'New Resource' }).click();
    await page.getByRole('dialog', { name: 'Create New Resource' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${runtime.url}/resources?sort=name`);
    const list = page.getByRole('list', { name: 'Resources' });
    // The list may first show the copy cached for offline use, then the server's: hence the polls.
    for (const type of resourceTypes) await expect.poll(() => list.getByRole('link', { name: `My ${type} resource` }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'resources-list');
    await page.goto(`${runtime.url}/resources?type=guide`);
    await expect.poll(() => list.getByRole('link').allTextContents(), { timeout: 15_000 }).toEqual(['My guide resource']);
  });
});

describe('the resource page', () => {
  it('saves edits to name, description, link and tags, and shows them after a reload', async () => {
    const id = await createByApi('Sepsis bundle');
    await openResource(page, id, 'Sepsis bundle');
    expect(await page.getByText('No description available.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Sepsis hour-1 bundle');
    await page.getByRole('textbox', { name: 'Description' }).fill('Lactate, cultures, antibiotics, fluids, pressors.');
    await page.getByRole('textbox', { name: 'Link' }).fill('https://www.sccm.org/survivingsepsiscampaign');
    await page.getByRole('combobox', { name: 'Tags' }).fill('septic shock');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Tags' }).fill('icu');
    await page.keyboard.press('Enter');
    await saved(page);
    await shot(page, 'resource-edit');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sepsis hour-1 bundle' }).waitFor();
    await page.getByText('Lactate, cultures, antibiotics, fluids, pressors.').waitFor();
    const link = page.getByRole('link', { name: 'https://www.sccm.org/survivingsepsiscampaign' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['Septic Shock', 'Icu']);
    await shot(page, 'resource-view');
    const me = await asUser('GET', '/me');
    expect(me.json.resourceTags).toEqual(expect.arrayContaining(['Septic Shock', 'Icu']));
  });

  it('keeps the favorite after a reload', async () => {
    const id = await createByApi('Vancomycin dosing');
    await openResource(page, id, 'Vancomycin dosing');
    const favorite = page.getByRole('button', { name: 'Favorite' });
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    const patched = page.waitForResponse((r) => r.url().endsWith(`/api/resources/${id}`) && r.request().method() === 'PATCH');
    await favorite.click();
    expect((await patched).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Vancomycin dosing' }).waitFor();
    // The page may first show the copy cached for offline use; the server's copy follows.
    await expect.poll(() => page.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
  });

  it("fills an article's details from its page with Auto-fill", async () => {
    const articleUrl = `${inject('articleFixturesUrl')}/articles/nejm-bnt162b2`;
    const id = await createByApi('BNT162b2 trial', { type: 'article', link: articleUrl });
    await openResource(page, id, 'BNT162b2 trial');
    const details = page.getByLabel('Article details');
    expect(await details.getByText('N/A').count()).toBe(3);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Auto-fill' }).click();
    const doi = details.getByRole('link', { name: '10.1056/NEJMoa2034577' });
    await doi.waitFor({ timeout: 15_000 });
    expect(await doi.getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa2034577');
    await saved(page);
    await page.reload();
    await page.getByRole('link', { name: '10.1056/NEJMoa2034577' }).waitFor();
  });

  it('sends a missing id, and another user’s id, to the list', async () => {
    await page.goto(`${runtime.url}/resources/no-such-resource`);
    await page.waitForURL(`${runtime.url}/resources`);
    await page.getByText('That resource does not exist, or it was deleted.').waitFor();

    const other = await createUser(runtime);
    const theirs = await api(runtime, await signedIn(runtime, other))('POST', '/resources', { name: 'Not yours', type: 'text' });
    expect(theirs.status).toBe(200);
    await page.goto(`${runtime.url}/resources/${String(theirs.json.id)}`);
    await page.waitForURL(`${runtime.url}/resources`);
    expect(await page.getByText('Not yours').count()).toBe(0);
  });
});

describe('files', () => {
  it('uploads a PDF with a progress bar, opens it, and deletes it with its stored object', async () => {
    const id = await createByApi('Guideline PDF', { type: 'files' });
    await openResource(page, id, 'Guideline PDF');
    await page.getByRole('button', { name: 'Edit' }).click();

    // A PDF big enough, on a slow enough line, for the progress bar to be seen.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 50_000 });
    await page.locator('input[type=file]').setInputFiles({ name: 'surviving-sepsis.pdf', mimeType: 'application/pdf', buffer: pdf });
    const progress = page.getByRole('progressbar', { name: 'Uploading surviving-sepsis.pdf' });
    await progress.waitFor({ timeout: 10_000 });
    // The bar animates, so Playwright never finds it 'stable' to scroll to: scroll in the page instead.
    await progress.evaluate((bar) => bar.scrollIntoView({ block: 'center' }));
    await shot(page, 'resource-files-progress');
    const entry = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: 'surviving-sepsis.pdf' });
    await entry.waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: 'Files (1)' }).waitFor();
    await saved(page);

    const stored = await asUser('GET', `/resources/${id}`);
    const file = (stored.json.files as { filePath: string; name: string }[])[0]!;
    expect(file.name).toBe('surviving-sepsis.pdf');

    const [tab] = await Promise.all([page.waitForEvent('popup'), entry.getByRole('button', { name: 'Open surviving-sepsis.pdf in new tab' }).click()]);
    await tab.waitForURL((url) => url.pathname.endsWith(file.filePath.split('/').at(-1)!), { timeout: 15_000 });
    const objectUrl = tab.url();
    const got = await fetch(objectUrl);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    await tab.close();

    await entry.getByRole('button', { name: 'Delete surviving-sepsis.pdf' }).click();
    await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete file' }).click();
    await page.getByRole('button', { name: 'Files (0)' }).waitFor();
    await saved(page);
    // Straight to s3rver (it checks no signatures): the object itself is gone from the bucket.
    const objectOnly = new URL(objectUrl);
    objectOnly.search = '';
    expect((await fetch(objectOnly)).status).toBe(404);
    expect((await asUser('POST', '/files/download-url', { filePath: file.filePath })).status).toBe(404);
  });
});

describe('two devices editing one resource', () => {
  const twoDevices = async (name: string) => {
    const id = await createByApi(name);
    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, runtime.url, user);
    await openResource(page, id, name);
    await openResource(phone, id, name);
    return { id, phone, phoneContext };
  };

  it('merges changes to different fields', async () => {
    const { id, phone, phoneContext } = await twoDevices('Hyperkalemia');
    // The desktop goes offline mid-edit, so its change waits while the phone saves another field.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Calcium, insulin and glucose, then binders.');
    await page.getByText(/^Offline — changes are kept on this device/).waitFor({ timeout: 15_000 });
    await phone.getByRole('button', { name: 'Edit' }).click();
    await phone.getByRole('textbox', { name: 'Link' }).fill('https://example.org/hyperkalemia');
    await saved(phone);
    await context.setOffline(false);
    await expect.poll(async () => (await asUser('GET', `/resources/${id}`)).json, { timeout: 20_000 }).toMatchObject({
      description: 'Calcium, insulin and glucose, then binders.',
      link: 'https://example.org/hyperkalemia',
    });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Link' }).inputValue()).toBe('https://example.org/hyperkalemia');
    await phoneContext.close();
  });

  it('asks which version to keep when both changed the same field', async () => {
    const { id, phone, phoneContext } = await twoDevices('Hyponatremia');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Hyponatremia (desktop)');
    await page.getByText(/^Offline — changes are kept on this device/).waitFor({ timeout: 15_000 });
    await phone.getByRole('button', { name: 'Edit' }).click();
    await phone.getByRole('textbox', { name: 'Name' }).fill('Hyponatremia (phone)');
    await saved(phone);
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'This resource changed on another device' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByText('Hyponatremia (desktop)').isVisible()).toBe(true);
    expect(await dialog.getByText('Hyponatremia (phone)').isVisible()).toBe(true);
    await page.waitForTimeout(300); // the dialog's opening transition
    await shot(page, 'resource-conflict');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await asUser('GET', `/resources/${id}`)).json.name, { timeout: 15_000 }).toBe('Hyponatremia (desktop)');
    // The phone is told over the WebSocket and shows the kept name.
    await expect.poll(() => phone.getByRole('textbox', { name: 'Name' }).inputValue(), { timeout: 15_000 }).toBe('Hyponatremia (desktop)');
    await phoneContext.close();
  });
});

describe('phone width and accessibility', () => {
  it('fits a 390 px phone, in view and edit mode', async () => {
    const id = await createByApi('Community-acquired pneumonia', {
      description: 'CURB-65 to decide where to treat; amoxicillin or doxycycline for outpatients.',
      link: 'https://example.org/a/very/long/link/that/should/wrap/instead/of/widening/the/page/on/a/phone',
      tags: ['Pulmonology', 'Infectious Disease', 'Outpatient'],
    });
    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, runtime.url, user);
    await dismissOfflineNotice(phone);
    await openResource(phone, id, 'Community-acquired pneumonia');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'resource-phone', true);
    await phone.getByRole('button', { name: 'Edit' }).click();
    await phone.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'resource-phone-edit', true);
    await phone.goto(`${runtime.url}/resources`);
    await phone.getByRole('list', { name: 'Resources' }).getByRole('link').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'resources-list-phone');
    await phoneContext.close();
  });

  it('passes axe on the list, a resource in view mode and in edit mode, and is usable by keyboard', async () => {
    const id = await createByApi('Atrial fibrillation', { tags: ['Cardiology'], link: 'https://example.org/af' });
    await page.goto(`${runtime.url}/resources`);
    await page.getByRole('list', { name: 'Resources' }).getByRole('link').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await openResource(page, id, 'Atrial fibrillation');
    expect(await violations(page)).toEqual([]);
    // Keyboard: the edit toggle opens edit mode.
    await page.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await violations(page)).toEqual([]);
    // The favorite toggle works from the keyboard too.
    const favorite = page.getByRole('button', { name: 'Favorite' });
    await favorite.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    await saved(page);
  });
});
