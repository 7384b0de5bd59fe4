// The presentation and the playground in Chromium against the real runtime: the bundled deck full screen (no top bar)
// moved by arrow, Page and space keys and by a swipe, closed with Escape; a resource presented from its screen, a slide
// per section; the playground's scratch text kept on this device after a reload, and cleared (confirmed).
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { plainTextDeltaString, type Resource } from '@chartside/shared';
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
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
});
afterAll(async () => {
  await browser?.close();
});

const counter = (p: Page) => p.getByText(/^\d+ \/ \d+$/);
const slideHeading = (p: Page) => p.getByRole('heading', { level: 2 });
const topBar = (p: Page) => p.getByRole('navigation', { name: 'Main' });

describe('the bundled deck', () => {
  it('shows full screen without the top bar and moves by keys and by a swipe; Escape leaves', async () => {
    await page.goto(`${runtime.url}/present/medEdFeb2025`);
    await slideHeading(page).filter({ hasText: 'Hyponatremia: a stepwise approach' }).waitFor();
    expect(await counter(page).textContent()).toBe('1 / 8');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('MedEd Presentation');
    expect(await topBar(page).count()).toBe(0);
    await shot(page, 'present-meded-desktop');

    const steps: [string, string, string][] = [
      ['ArrowRight', '2 / 8', 'Why it matters'],
      ['PageDown', '3 / 8', 'Step 1: is it hypotonic?'],
      ['Space', '4 / 8', 'Step 2: how sick is the patient?'],
      ['ArrowLeft', '3 / 8', 'Step 1: is it hypotonic?'],
      ['PageUp', '2 / 8', 'Why it matters'],
      ['End', '8 / 8', 'Take-home points'],
      ['Home', '1 / 8', 'Hyponatremia: a stepwise approach'],
    ];
    for (const [key, count, title] of steps) {
      await page.keyboard.press(key);
      await expect.poll(() => counter(page).textContent()).toBe(count);
      expect(await slideHeading(page).textContent()).toBe(title);
    }

    // A swipe to the left is the next slide (the mouse stands in for a finger: both are pointer events).
    await page.mouse.move(900, 400);
    await page.mouse.down();
    await page.mouse.move(500, 410, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 8');
    await page.setViewportSize(PHONE);
    await shot(page, 'present-meded-phone');
    await page.setViewportSize(DESKTOP);

    await page.keyboard.press('Escape');
    await page.waitForURL(`${runtime.url}/`);
    await topBar(page).waitFor();
  });
});

describe('a resource presented', () => {
  it('opens from the resource screen with a slide per section, and the way back returns to it', async () => {
    const now = new Date().toISOString();
    const created = (await asUser('POST', '/resources', { name: 'Chest pain workup', type: 'guide' })).json as unknown as Resource;
    const textSections = [
      { id: 's1', title: 'Red flags', deltaString: plainTextDeltaString('Tearing pain radiating to the back'), editing: false, createdAt: now, updatedAt: now },
      { id: 's2', title: 'First tests', deltaString: plainTextDeltaString('ECG within 10 minutes'), editing: false, createdAt: now, updatedAt: now },
    ];
    expect((await asUser('PATCH', `/resources/${created.id}`, { version: created.version, textSections })).status).toBe(200);

    await page.goto(`${runtime.url}/resources/${created.id}`);
    await page.getByRole('button', { name: 'Present' }).click();
    await page.waitForURL(`${runtime.url}/present/${created.id}`);
    await slideHeading(page).filter({ hasText: 'Red flags' }).waitFor();
    expect(await counter(page).textContent()).toBe('1 / 2');
    await expect.poll(() => page.getByRole('textbox', { name: 'Red flags' }).textContent()).toContain('Tearing pain radiating to the back');
    expect(await topBar(page).count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await slideHeading(page).filter({ hasText: 'First tests' }).waitFor();
    await shot(page, 'present-resource-desktop');

    await page.getByRole('link', { name: 'Back to the resource' }).click();
    await page.waitForURL(`${runtime.url}/resources/${created.id}`);
  });
});

describe('the playground', () => {
  it('keeps its scratch text on this device after a reload, and Clear empties it', async () => {
    const scratch = () => page.getByRole('textbox', { name: 'Scratch text' });
    await page.goto(`${runtime.url}/playground`);
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
    await scratch().click();
    await page.keyboard.type('Differential: PE, ACS, dissection');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chartside.patient-notes.') && key.endsWith('.playground')).map((key) => localStorage.getItem(key)).join())).toContain('dissection');
    await shot(page, 'playground-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'playground-phone');
    await page.setViewportSize(DESKTOP);

    await page.reload();
    await expect.poll(() => scratch().textContent(), { timeout: 20_000 }).toContain('Differential: PE, ACS, dissection');

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('dialog', { name: 'Clear the playground?' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => scratch().textContent()).toBe('');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
    expect(await scratch().textContent()).toBe('');
  });
});
