// The app shell in Chromium: every route of the spec's table with its title and a working page (no placeholder, no
// Content-Security-Policy violation, no sideways scrolling on a 390 px phone; a screenshot of each at both widths), the unknown-path redirect, the top bar
// on a desktop and on a 390 px phone (its menu, the full-screen routes without it), Settings and Tags.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startSession } from '../harness/api';
import { totpCode } from '../../infra/local/src/users';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser, type TestUser } from '../harness/users';
import { newContext, PHONE, recordCspViolations, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let desktop: BrowserContext;
let page: Page;

// A record's page (a patient, a resource) is headed by the record's name and tested with its feature.
const routes: [path: string, title: string][] = [
  ['/', 'Home'],
  ['/panel', 'Panel'],
  ['/resources', 'Resources'],
  ['/templates', 'Templates'],
  ['/tools', 'Tools'],
  ['/playground', 'Playground'],
  ['/sessions', 'Sessions'],
  ['/tags', 'Tags'],
  ['/settings', 'Settings'],
  ['/documents', 'Documents'],
  ['/chat', 'Chat'],
  ['/chat/c-1', 'Chat'],
  ['/admissions', 'Admissions'],
  ['/admissions/a-1', 'Admissions'],
  ['/feed', 'Feed'],
  ['/feed/settings', 'Feed Settings'],
  ['/tools/vacall', 'VA Call'],
  ['/tools/signout', 'Sign-out'],
  ['/tools/prompts', 'Prompts'],
  ['/tools/casechat', 'Case Chat'],
  ['/tools/feedback', 'Feedback'],
  ['/tools/moonlight', 'Moonlight'],
  ['/tools/fileencrypt', 'File Encrypt'],
  ['/tools/transcription', 'Transcription'],
  ['/tools/vectorsearch', 'Vector Search'],
  ['/tools/filerenamer', 'File Renamer'],
  ['/tools/texttospeech', 'Text to Speech'],
  ['/present/medEdFeb2025', 'MedEd Presentation'],
  ['/admin/file-cleaner', 'File Cleaner'],
];
const fullScreen = new Set(['/tools/casechat', '/present/medEdFeb2025']);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  // Tags to manage: the user's own lists (items that carry them come with later features).
  const auth = await startSession(runtime, await accessTokenOf(runtime, user));
  const me = await api(runtime, auth)('GET', '/me');
  await api(runtime, auth)('PATCH', '/me', {
    version: me.json.version,
    resourceTags: ['Cardiology', 'Heart Failure', 'Nephrology', 'Guidelines'],
    patientTags: ['Diabetes', 'Follow Up'],
  });
  desktop = await newContext(browser);
  page = await desktop.newPage();
  await signIn(page, runtime.url, user);
});
afterAll(async () => {
  await browser?.close();
});

const heading = (p: Page) => p.getByRole('heading', { level: 1 });

/** What a page still waiting for its feature would say. */
const placeholder = /later release/i;
/** A screenshot once the page's data has come (the sockets stay open: only requests count). */
const settledShot = async (p: Page, name: string) => {
  await p.waitForLoadState('networkidle');
  await shot(p, name);
};
const shotName = (path: string, width: string) => `route${path === '/' ? '-home' : path.replaceAll('/', '-')}-${width}`;

describe('the route table', () => {
  let sampledUser: TestUser;
  let sampled: Page;
  let cspViolations: string[];
  beforeAll(async () => {
    // A clinician with the demo sample, so each page shows what it is for.
    sampledUser = await createUser(runtime, { sample: true });
    const context = await newContext(browser);
    cspViolations = await recordCspViolations(context);
    sampled = await context.newPage();
    await signIn(sampled, runtime.url, sampledUser);
  });

  it.each(routes)('%s is titled "%s", in the tab and as its heading, and is no placeholder', async (path, title) => {
    await sampled.goto(`${runtime.url}${path}`);
    await expect.poll(() => sampled.title(), { timeout: 10_000 }).toBe(title);
    expect(await heading(sampled).textContent()).toBe(title);
    expect(await sampled.getByRole('banner').count()).toBe(fullScreen.has(path) ? 0 : 1);
    expect(await sampled.getByText(placeholder).count()).toBe(0);
    await settledShot(sampled, shotName(path, 'desktop'));
    expect(cspViolations).toEqual([]);
  });

  describe('on a 390 px phone', () => {
    let phone: Page;
    beforeAll(async () => {
      phone = await (await newContext(browser, PHONE)).newPage();
      await signIn(phone, runtime.url, sampledUser);
    });

    // One test per route: 29 pages one after another outgrew one test's time on a loaded machine.
    it.each(routes)('%s fits without sideways scrolling', async (path, title) => {
      await phone.goto(`${runtime.url}${path}`);
      await expect.poll(() => phone.title(), { timeout: 10_000 }).toBe(title);
      await heading(phone).waitFor();
      await settledShot(phone, shotName(path, 'phone'));
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it.each(['/no/such/page', '/tools/nothing'])('sends the unknown path %s Home', async (path) => {
    await page.goto(`${runtime.url}${path}`);
    await page.waitForURL(`${runtime.url}/`);
    await expect.poll(() => page.title()).toBe('Home');
  });

  it('sends a signed-out visitor to Login from any route', async () => {
    const context = await newContext(browser);
    const visitor = await context.newPage();
    await visitor.goto(`${runtime.url}/settings`);
    await visitor.waitForURL('**/login');
    await expect.poll(() => visitor.title()).toBe('Login');
    await context.close();
  });
});

describe('the top bar', () => {
  it('offers the app name, AI chat, Text transformer, Panel, Feed and the menu on a desktop', async () => {
    await page.goto(`${runtime.url}/`);
    const bar = page.getByRole('banner');
    await bar.getByRole('link', { name: 'Feed' }).waitFor();
    for (const name of ['Chartside', 'AI chat', 'Panel', 'Feed']) expect(await bar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Text transformer' }).isVisible()).toBe(true);

    await bar.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['New Resource', 'Templates', 'Documents', 'Admissions', 'Tools', 'Settings', 'Logout']);
    await page.waitForTimeout(300); // the menu's opening transition
    await shot(page, 'home-menu-desktop');
    await page.keyboard.press('Escape');

    await bar.getByRole('link', { name: 'Panel' }).click();
    await expect.poll(() => page.title()).toBe('Panel');
    await bar.getByRole('link', { name: 'Chartside' }).click();
    await expect.poll(() => page.title()).toBe('Home');
  });

  it('works from the keyboard: Tab to the menu, open it, arrow to Settings', async () => {
    await page.goto(`${runtime.url}/`);
    await heading(page).waitFor();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    for (let i = 0; i < 12; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Settings') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.title()).toBe('Settings');
  });

  it('fits a 390 px phone: Feed and the menu stay, the other buttons move into the menu', async () => {
    const context = await newContext(browser, PHONE);
    const phone = await context.newPage();
    await signIn(phone, runtime.url, user);
    const bar = phone.getByRole('banner');
    expect(await bar.getByRole('link', { name: 'Feed' }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'AI chat' }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await bar.getByRole('button', { name: 'Menu' }).click();
    const menu = phone.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'AI chat',
      'Text transformer',
      'Panel',
      'New Resource',
      'Templates',
      'Documents',
      'Admissions',
      'Tools',
      'Settings',
      'Logout',
    ]);
    await phone.waitForTimeout(300); // the menu's opening transition
    await shot(phone, 'home-menu-phone');
    await menu.getByRole('menuitem', { name: 'Text transformer' }).click();
    await phone.getByRole('dialog', { name: 'Text Transformer' }).waitFor();
    await phone.keyboard.press('Escape');

    for (const [path, name] of [
      ['/settings', 'settings-phone'],
      ['/tags', 'tags-phone'],
    ]) {
      await phone.goto(`${runtime.url}${path}`);
      await phone.getByRole('heading', { level: 2 }).first().waitFor();
      await phone.waitForTimeout(400);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(phone, name!);
    }
    await context.close();
  });

  it('logs out to Login', async () => {
    const context = await newContext(browser);
    const other = await context.newPage();
    await signIn(other, runtime.url, user);
    await other.getByRole('button', { name: 'Menu' }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL('**/login');
    expect(await other.evaluate(() => window.localStorage.getItem('chartside.sessionId'))).toBeNull();
    // Login again starts over with the session options.
    await other.goto(`${runtime.url}/`);
    await other.waitForURL('**/login');
    await context.close();
  });
});

describe('Settings and Tags', () => {
  it('saves a preference switch and keeps it after a reload', async () => {
    await page.goto(`${runtime.url}/settings`);
    const inpatient = page.getByRole('switch', { name: 'Inpatient' });
    await inpatient.waitFor();
    const before = await inpatient.isChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
    await inpatient.click({ force: true });
    expect((await saved).status()).toBe(200);
    await page.reload();
    // The page may first show the copy kept for offline use, then the fresh one.
    await expect.poll(() => page.getByRole('switch', { name: 'Inpatient' }).isChecked(), { timeout: 10_000 }).toBe(!before);
    await page.waitForTimeout(300);
    await shot(page, 'settings-desktop', true);
  });

  it('shows the tags with their counts, and renames one', async () => {
    await page.goto(`${runtime.url}/tags`);
    const resources = page.getByRole('region', { name: /^Resource tags/ });
    await resources.getByText('Cardiology').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'tags-desktop', true);
    await resources.getByRole('button', { name: 'Rename Guidelines' }).click();
    const input = resources.getByRole('textbox', { name: 'New name for Guidelines' });
    await input.fill('  practice   guidelines');
    await resources.getByText('Saved as "Practice Guidelines".').waitFor();
    await shot(page, 'tags-rename-desktop');
    await resources.getByRole('button', { name: 'Save' }).click();
    await resources.getByText('Practice Guidelines', { exact: true }).waitFor();
    expect(await resources.getByText('Guidelines', { exact: true }).count()).toBe(0);
  });

  it('sets up an authenticator app from Settings, then turns it off', async () => {
    await page.goto(`${runtime.url}/settings`);
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Set up authenticator app' }).click();
    await security.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: 15_000 });
    const secret = (await security.getByRole('textbox', { name: 'Secret key' }).inputValue()).replace(/\s/g, '');
    await page.waitForTimeout(300);
    await shot(page, 'settings-totp-setup-desktop', true);
    await security.getByRole('textbox', { name: /^Code/ }).fill(totpCode(secret));
    await security.getByRole('button', { name: 'Verify' }).click();
    await security.getByText('On', { exact: true }).waitFor({ timeout: 15_000 });

    await security.getByRole('button', { name: 'Turn off authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await security.getByText('Off', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await security.getByRole('button', { name: 'Set up authenticator app' }).isVisible()).toBe(true);
  });
});
