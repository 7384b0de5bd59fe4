// A resource's content sections in Chromium against the real runtime: add sections at the top and the bottom, type
// rich text (bold, a list, a '***' blank), reorder in the Table of Contents by drag and by keyboard, remove one, then
// reload and find the saved order and text; a Table of Contents entry scrolls to its section and focuses its title.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { Resource } from '@chartside/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { dragByMouse, keyboardSensorListening } from '../harness/drag';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';
import { DESKTOP, newContext, shot, signIn, startUsingPage } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let asUser: Api;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  page = await (await newContext(browser, DESKTOP, { serviceWorker: true })).newPage();
  await signIn(page, runtime.url, user);
});
afterAll(async () => {
  await browser?.close();
});

const toc = (p: Page) => p.getByRole('navigation', { name: 'Table of Contents' });
const tocLink = (p: Page, label: string) => toc(p).getByRole('button', { name: label, exact: true });
const tocLabels = (p: Page) => toc(p).getByRole('listitem').allTextContents();
const editor = (p: Page, position: number) => p.getByRole('textbox', { name: `Section ${position} text` });
const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 15_000 });
const patched = (p: Page, id: string) => p.waitForResponse((r) => r.url().endsWith(`/api/resources/${id}`) && r.request().method() === 'PATCH');

const violations = async (p: Page) => {
  const { violations: found } = await new AxeBuilder({ page: p }).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const storedResource = async (id: string) => {
  const { status, json, text } = await asUser('GET', `/resources/${id}`);
  expect(status, text).toBe(200);
  return Resource.parse(json);
};

describe('content sections', () => {
  it('adds, types, reorders (mouse and keyboard), removes, and keeps it all after a reload', async () => {
    const { json, status } = await asUser('POST', '/resources', { name: 'Vancomycin', type: 'guide' });
    expect(status).toBe(200);
    const id = String(json.id);
    await page.goto(`${runtime.url}/resources/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Vancomycin' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Edit' }).click();

    // With no sections there is one 'Add Section'; a new section's title has the focus.
    await page.getByRole('button', { name: 'Add Section at the top' }).click();
    const firstTitle = page.getByRole('textbox', { name: 'Section 1 title' });
    await expect.poll(() => firstTitle.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await firstTitle.getAttribute('placeholder')).toBe('Section Title');
    await firstTitle.fill('Dosing');
    await editor(page, 1).click();
    await page.keyboard.type('Give ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('15 mg/kg');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' every 12 hours.');
    // A '/' inside a word (mg/kg) is text; only a '/' at the start of a word opens BlockNote's menu.
    expect(await page.locator('#bn-suggestion-menu').count()).toBe(0);
    await page.keyboard.type(' /');
    await page.locator('#bn-suggestion-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Trough before the 4th dose');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Adjust for renal function');

    await page.getByRole('button', { name: 'Add Section at the bottom' }).click();
    await page.getByRole('textbox', { name: 'Section 2 title' }).fill('Monitoring');
    await editor(page, 2).click();
    await page.keyboard.type('Target trough *** mg per L');

    await page.getByRole('button', { name: 'Add Section at the top' }).click();
    await editor(page, 1).click();
    await page.keyboard.type('A note without a title.');
    expect(await tocLabels(page)).toEqual(['Section 1', 'Dosing', 'Monitoring']);
    await saved(page);
    await shot(page, 'resource-sections-edit', true);
    expect(await violations(page)).toEqual([]);

    // Mouse drag: Monitoring to the top. A reorder saves at once.
    let save = patched(page, id);
    await dragByMouse(page, toc(page).getByRole('button', { name: 'Move Monitoring' }), tocLink(page, 'Section 1'));
    expect((await save).status()).toBe(200);
    expect(await tocLabels(page)).toEqual(['Monitoring', 'Section 2', 'Dosing']);
    expect(await page.getByRole('textbox', { name: /^Section \d title$/ }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      'Monitoring',
      '',
      'Dosing',
    ]);

    // Keyboard: Space lifts Dosing, two ArrowUps, Space drops; dnd-kit announces each step.
    const dosingHandle = toc(page).getByRole('button', { name: 'Move Dosing' });
    await dosingHandle.focus();
    const announced = () => page.locator('[id^=DndLiveRegion]').textContent();
    await page.keyboard.press('Space');
    await expect.poll(announced).toMatch(/^(Picked up Dosing, position 3 of 3\.|Dosing moved to position 3 of 3\.)$/);
    await keyboardSensorListening(page);
    // Each arrow moves one place; the next is pressed once the move has been announced, as a listener would.
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('Dosing moved to position 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('Dosing moved to position 1 of 3.');
    await shot(page, 'resource-sections-keyboard-lifted');
    save = patched(page, id);
    await page.keyboard.press('Space');
    expect((await save).status()).toBe(200);
    expect(await tocLabels(page)).toEqual(['Dosing', 'Monitoring', 'Section 3']);
    expect(await announced()).toBe('Dosing dropped at position 1 of 3.');

    // Moving down by keyboard too: Monitoring one place down, below the untitled section.
    await toc(page).getByRole('button', { name: 'Move Monitoring' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(announced).toMatch(/^(Picked up Monitoring|Monitoring moved to position 2 of 3\.)/);
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe('Monitoring moved to position 3 of 3.');
    save = patched(page, id);
    await page.keyboard.press('Space');
    expect((await save).status()).toBe(200);
    expect(await tocLabels(page)).toEqual(['Dosing', 'Section 2', 'Monitoring']);

    // The untitled section has text: removing it asks first, then saves at once.
    await page.getByRole('button', { name: 'Remove section 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this section?' });
    await dialog.getByText('"Section 2" and its text will be removed.').waitFor();
    save = patched(page, id);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    expect((await save).status()).toBe(200);
    expect(await tocLabels(page)).toEqual(['Dosing', 'Monitoring']);
    await saved(page);

    const stored = await storedResource(id);
    expect(stored.textSections.map((section) => section.title)).toEqual(['Dosing', 'Monitoring']);
    const dosing = JSON.parse(stored.textSections[0]!.deltaString) as { type: string; content: { text: string; styles: Record<string, boolean> }[] }[];
    expect(dosing.map((block) => block.type).slice(0, 3)).toEqual(['paragraph', 'bulletListItem', 'bulletListItem']);
    expect(dosing[0]!.content).toContainEqual({ type: 'text', text: '15 mg/kg', styles: { bold: true } });

    // After a reload, in view mode: the order, the bold text, the list and the pink '***' are all there.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Vancomycin' }).waitFor({ timeout: 20_000 });
    await toc(page).getByRole('listitem').first().waitFor();
    expect(await tocLabels(page)).toEqual(['Dosing', 'Monitoring']);
    // The editor mounts once the user is using the page and it is near the view; until then its box shows the text
    // without an editor.
    await startUsingPage(page);
    await page.locator('[contenteditable][aria-label="Section 1 text"]').waitFor({ timeout: 20_000 });
    await page.locator('[contenteditable][aria-label="Section 2 text"]').waitFor({ timeout: 20_000 });
    expect(await editor(page, 1).locator('strong').allTextContents()).toEqual(['15 mg/kg']);
    expect(await editor(page, 1).locator('[data-content-type=bulletListItem]').allTextContents()).toEqual(['Trough before the 4th dose', 'Adjust for renal function']);
    const blank = editor(page, 2).getByText('***', { exact: true });
    expect(await blank.evaluate((span) => getComputedStyle(span).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.getByRole('heading', { name: 'Dosing', level: 3 }).isVisible()).toBe(true);
    await shot(page, 'resource-sections-view', true);
    expect(await violations(page)).toEqual([]);
  });

  it('scrolls to a section and focuses its title when its Table of Contents entry is clicked', async () => {
    const filler = Array.from({ length: 30 }, (_, line) => ({ type: 'paragraph', content: `Line ${line + 1} of a long section.` }));
    const now = new Date().toISOString();
    const section = (sectionId: string, title: string, blocks: unknown[]) => ({ id: sectionId, title, deltaString: JSON.stringify(blocks), editing: false, createdAt: now, updatedAt: now });
    const { json } = await asUser('POST', '/resources', { name: 'Long guide', type: 'guide' });
    const id = String(json.id);
    const patch = await asUser('PATCH', `/resources/${id}`, {
      version: Number(json.version),
      textSections: [section('s1', 'Overview', filler), section('s2', 'Pitfalls', filler), section('s3', '', [{ type: 'paragraph', content: 'Last words.' }])],
    });
    expect(patch.status, patch.text).toBe(200);

    await page.goto(`${runtime.url}/resources/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Long guide' }).waitFor({ timeout: 20_000 });
    await toc(page).getByRole('listitem').first().waitFor();
    expect(await tocLabels(page)).toEqual(['Overview', 'Pitfalls', 'Section 3']);
    const last = page.getByRole('heading', { name: 'Section 3', level: 3 });
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
    const inView = () => last.evaluate((heading) => heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().bottom <= window.innerHeight);
    expect(await inView()).toBe(false);

    await tocLink(page, 'Section 3').click();
    await expect.poll(inView).toBe(true);
    expect(await last.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await shot(page, 'resource-sections-toc-scrolled');

    // In edit mode the same click lands in the title field.
    await page.getByRole('button', { name: 'Edit' }).click();
    await tocLink(page, 'Overview').click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Section 1 title' }).evaluate((input) => input === document.activeElement)).toBe(true);

    // Folding 'Content Sections' away and back keeps the editors working.
    const contentToggle = page.getByRole('button', { name: /^Content Sections/ });
    await contentToggle.click();
    await expect.poll(() => editor(page, 3).isVisible()).toBe(false);
    await contentToggle.click();
    // On its line: the editor's box also holds BlockNote's empty last block, where a click in its middle may land.
    await editor(page, 3).getByText('Last words.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Really.');
    await expect.poll(() => editor(page, 3).textContent()).toBe('Last words. Really.');
    // 'Saved' may still stand from before the typing reached the autosave: wait for what the server holds.
    const lastWords = async () => JSON.parse((await storedResource(id)).textSections[2]!.deltaString)[0].content[0].text;
    await expect.poll(lastWords, { timeout: 15_000 }).toBe('Last words. Really.');
    await saved(page);
  });
  it('shrinks a pasted image to fit 1200x900 as a JPEG and stores it as a file the section refers to', async () => {
    const { json } = await asUser('POST', '/resources', { name: 'Rash photo', type: 'case' });
    const id = String(json.id);
    await page.goto(`${runtime.url}/resources/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Rash photo' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Section at the top' }).click();
    await editor(page, 1).click();

    // A 2400x1200 PNG on the clipboard, pasted as a browser pastes a copied image: into what has the focus, the
    // editor or, while it is still mounting, its stand-in, which hands the paste on.
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1200;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#b03060';
      context.fillRect(0, 0, 2400, 1200);
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([png], 'rash.png', { type: 'image/png' }));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    });
    const image = editor(page, 1).locator('img[src^="blob:"]');
    await image.waitFor({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight])).toEqual([1200, 600]);
    await saved(page);
    await shot(page, 'resource-sections-pasted-image');

    const [stored] = (await storedResource(id)).textSections;
    const blocks = JSON.parse(stored!.deltaString) as { type: string; props?: { url?: string } }[];
    expect(blocks[0]?.type).toBe('image');
    expect(blocks[0]?.props?.url).toMatch(/^chartside-file:userContent\/[^/]+\/[0-9a-f-]{36}\.jpg$/);
    expect(stored!.deltaString).not.toContain('base64');
  });
  it('loads the editor as its own chunk, cached by the service worker when first used, never precached', async () => {
    const precacheList = await (await fetch(`${runtime.url}/sw.js`)).text();
    expect(precacheList).toMatch(/assets\/index-[\w-]+\.js/);
    expect(precacheList).not.toMatch(/assets\/blocknote-/);
    const { json } = await asUser('POST', '/resources', { name: 'Chunk check', type: 'text' });
    // A page loaded once the service worker is in control: its chunk requests go through the worker.
    await page.goto(`${runtime.url}/resources/${String(json.id)}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Chunk check' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Section at the top' }).click();
    await editor(page, 1).waitFor();
    const lazyChunks = () =>
      page.evaluate(async () => (await (await caches.open('chartside-lazy-chunks')).keys()).map((request) => new URL(request.url).pathname));
    await expect.poll(async () => (await lazyChunks()).filter((path) => /^\/assets\/blocknote-.+\.(js|css)$/.test(path)).length).toBeGreaterThan(1);
  });
});
