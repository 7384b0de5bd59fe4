// The installable, offline app in Chromium against a real local runtime serving the built bundle: the manifest,
// icons and service worker; a reload offline; and the update prompt when a new build is deployed.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotDir } from '../harness/browser';
import { repoRoot, startRuntime, type TestRuntime } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, type TestUser } from '../harness/users';
import { QUERY_CACHE, storedValues } from '../harness/web';

const run = promisify(execFile);
const runtime = sharedRuntime();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Paths whose answers must never be in the service worker's caches. */
const NEVER_CACHED = /\/(api|ws|cognito)(\/|$|\?)|\/config\.json/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, name) });

/** Signs in through the Login page, then through the 'Login Session Options' dialog when it is asked (private). */
const signIn = async (page: Page, origin: string, user: Pick<TestUser, 'email' | 'password'>) => {
  await page.goto(`${origin}/`);
  await page.waitForURL('**/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password').and(page.locator('input[type=password]')).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login Session Options' });
  const email = page.getByText(user.email).first();
  await expect.poll(async () => (await dialog.isVisible()) || (await email.isVisible()), { timeout: 20_000 }).toBe(true);
  if (await dialog.isVisible()) {
    await dialog.getByRole('radio', { name: /Private/ }).check();
    await dialog.getByRole('button', { name: /Continue/ }).click();
  }
  await expect.poll(() => email.isVisible(), { timeout: 20_000 }).toBe(true);
};

const waitForServiceWorkerControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

/** Every URL in every Cache Storage cache of the page's origin (the service worker's caches). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** What the app has persisted of its query cache in IndexedDB (as JSON), or null. */
const persistedCache = async (page: Page) => {
  const values = await storedValues(page, ...QUERY_CACHE);
  return values && JSON.stringify(values);
};

/** The persisted query cache is written at most once a second: wait until it holds the user's document. */
const waitForPersistedCache = (page: Page, email: string) =>
  expect.poll(async () => (await persistedCache(page))?.includes(email) ?? false, { timeout: 10_000, interval: 250 }).toBe(true);

describe('installable app', () => {
  it('links a manifest Chromium accepts, serves its icons, and a service worker controls the page, leaving the API to the network', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${runtime.url}/login`);

    const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get(`${runtime.url}${manifestHref}`);
    expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json');
    expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Chartside', short_name: 'Chartside', display: 'standalone', start_url: '/', scope: '/', theme_color: '#1971c2', background_color: '#ffffff' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable', 'any any']);
    for (const icon of manifest.icons) {
      const response = await page.request.get(`${runtime.url}${icon.src}`);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe(icon.type);
    }

    await waitForServiceWorkerControl(page);
    const sw = await page.request.get(`${runtime.url}/sw.js`);
    expect(sw.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');

    // Chromium's own verdict: the manifest parses and nothing stands in the way of installing, except that
    // Playwright's contexts are incognito-like, where Chromium never offers to install anything.
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    await expect.poll(() => page.getByText('Chartside is ready to work offline.').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText('Chartside is ready to work offline.').isVisible()).toBe(false);

    // The worker's static routes send what it never answers straight to the network (it is not woken for them); the
    // app's own files still come from its cache.
    const sources = await page.evaluate(async () => {
      await (await fetch('/api/health')).text();
      const sourceOf = (path: string) =>
        (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerMatchedSourceType?: string })[])
          .filter((entry) => new URL(entry.name).pathname.startsWith(path))
          .map((entry) => entry.workerMatchedSourceType);
      return { api: sourceOf('/api/health'), config: sourceOf('/config.json'), assets: [...new Set(sourceOf('/assets/'))] };
    });
    expect(sources).toEqual({ api: ['network'], config: ['network'], assets: [''] });
    await context.close();
  });
});

describe('offline', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`reloads the shell and an already-visited screen offline, with the data last seen (${device})`, async () => {
      const user = await createUser(runtime);
      const context = await browser.newContext({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      await signIn(page, runtime.url, user);
      await waitForServiceWorkerControl(page);
      await page.goto(`${runtime.url}/settings`); // an already-visited screen, for later
      await page.waitForFunction(() => document.title === 'Settings');
      await page.goto(`${runtime.url}/`);
      await expect.poll(() => page.getByText(user.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
      await waitForPersistedCache(page, user.email);

      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByText("You're offline").isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByText(user.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.title()).toBe('Home');
      await page.waitForTimeout(300); // let Mantine's transitions settle before the screenshot
      await shot(page, `offline-home-${device}.png`);

      await page.goto(`${runtime.url}/settings`);
      await page.waitForFunction(() => document.title === 'Settings', undefined, { timeout: 15_000 });
      expect(await page.getByText("You're offline").isVisible()).toBe(true);
      await shot(page, `offline-settings-${device}.png`);

      // Back online, the banner goes; and no API, sign-in or config answer ever entered the service worker's caches.
      await context.setOffline(false);
      await expect.poll(() => page.getByText("You're offline").isVisible(), { timeout: 10_000 }).toBe(false);
      const cached = await cachedUrls(page);
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((url) => NEVER_CACHED.test(new URL(url).pathname))).toEqual([]);
      await context.close();
    });
  }
});

describe('app update', () => {
  let updating: TestRuntime | undefined;
  let work: string;
  let served: string; // WEB_DIST_DIR of that runtime: build A at first, build B once "deployed"
  let buildB: string;
  const VERSION_B = 'e2e-update-b';

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'chartside-pwa-'));
    served = path.join(work, 'served');
    buildB = path.join(work, 'build-b');
    cpSync(path.join(repoRoot, 'web/dist'), served, { recursive: true });
    // Build B: the same app with another version constant, hence another entry chunk, index.html and precache list.
    await run(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', buildB, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'web'),
      env: { ...process.env, CHARTSIDE_VERSION: VERSION_B },
    });
    updating = await startRuntime({ env: { WEB_DIST_DIR: served } });
  });
  afterAll(async () => {
    await updating?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const deployBuildB = () => {
    for (const entry of readdirSync(served)) rmSync(path.join(served, entry), { recursive: true, force: true });
    cpSync(buildB, served, { recursive: true });
  };

  const version = (page: Page) => page.locator('meta[name="chartside-version"]').getAttribute('content');

  it("offers 'Update Now' and 'Later' when a new build is deployed; Later waits an hour; Update Now reloads into it", async () => {
    const origin = updating!.url;
    const user = await createUser(updating!);
    const context: BrowserContext = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, origin, user);
    await waitForServiceWorkerControl(page);
    const versionA = await version(page);
    expect(versionA).not.toBe(VERSION_B);

    deployBuildB();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('region', { name: 'App update' });
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await prompt.getByRole('button', { name: 'Update Now' }).isVisible()).toBe(true);
    expect(await prompt.getByRole('button', { name: 'Later' }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot(page, 'update-prompt-desktop.png');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await shot(page, 'update-prompt-phone.png');
    await page.setViewportSize(DESKTOP);

    // Later: gone, and still gone after a reload (the new version still waits).
    await prompt.getByRole('button', { name: 'Later' }).click();
    expect(await prompt.isVisible()).toBe(false);
    await page.reload();
    await expect.poll(() => page.getByText(user.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1500);
    expect(await prompt.isVisible()).toBe(false);
    expect(await version(page)).toBe(versionA);

    // An hour later (the stored dismissal has run out), the prompt is back.
    await page.evaluate(() => localStorage.setItem('chartside.pwa.update-dismissed-until', String(Date.now() - 1)));
    await page.reload();
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);

    // Update Now: the app reloads about 3 s later into build B and says it was updated.
    const clickedAt = Date.now();
    const reloaded = page.waitForEvent('framenavigated', { timeout: 20_000 });
    await prompt.getByRole('button', { name: 'Update Now' }).click();
    await expect.poll(() => page.getByText('Updating Chartside…').isVisible(), { timeout: 2_000 }).toBe(true);
    await reloaded;
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_900);
    await page.waitForLoadState('load');
    expect(await version(page)).toBe(VERSION_B);
    await expect.poll(() => page.getByText('Chartside was updated').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(user.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await prompt.isVisible()).toBe(false);
    await page.waitForTimeout(300);
    await shot(page, 'updated-notice-desktop.png');
    await context.close();
  });
});
