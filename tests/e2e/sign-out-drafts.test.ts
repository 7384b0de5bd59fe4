// Logout with an edit made offline, in Chromium against the real runtime: the user is warned that signing out deletes
// the edits kept on this device; 'Stay signed in' keeps the edit, 'Sign out anyway' removes it from the device.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionPlainText, sectionTitle, type Patient } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, shot, signIn, storedValues, untilPersisted } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const OFFLINE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';
const WARNING = '1 record has changes that have not reached the server. Signing out deletes them from this device.';

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

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json as unknown as Patient;
};

const events = () => page.getByRole('textbox', { name: sectionTitle('events'), exact: true });

/** How many unsaved edits this browser keeps (the drafts database). */
const keptDrafts = async () => (await storedValues(page, 'chartside-drafts', 'drafts'))?.length ?? 0;

const logout = async () => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
};

const warning = () => page.getByRole('dialog', { name: 'Unsaved changes on this device' });

describe('Logout with an edit made offline', () => {
  it("warns first: 'Stay signed in' keeps the edit, 'Sign out anyway' removes it", { timeout: 180_000 }, async () => {
    const created = await call('POST', '/patients', { lastname: 'Signout', firstname: 'Test' });
    await call('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields: ['events'], fields: { events: { deltaString: '', expanded: true } } });
    await page.goto(`${runtime.url}/panel/${created.id}`);
    await events().waitFor({ timeout: 20_000 });
    // The persisted query cache takes the patient (throttled writes): a reload offline shows it.
    await untilPersisted(page, created.id);

    // Chromium still sends a keepalive save of a page being unloaded under emulated offline: no network means none.
    const noNetwork = (route: { abort: (code: string) => Promise<void> }) => route.abort('internetdisconnected');
    await context.route('**/api/**', noNetwork);
    await context.setOffline(true);
    await events().click();
    await page.keyboard.type('Typed offline before Logout.', { delay: 5 });
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    await expect.poll(async () => JSON.stringify(await storedValues(page, 'chartside-drafts', 'drafts')), { timeout: 10_000 }).toContain('Typed offline before Logout.');

    await logout();
    await warning().waitFor({ timeout: 15_000 });
    expect(await warning().getByText(WARNING).count()).toBe(1);
    await page.waitForTimeout(300); // the dialog's opening transition
    await shot(page, 'sign-out-unsaved-drafts-warning');
    await warning().getByRole('button', { name: 'Stay signed in' }).click();
    await warning().waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await keptDrafts()).toBe(1);

    // Still signed in, the edit still there.
    await page.goto(`${runtime.url}/panel/${created.id}`);
    await expect.poll(() => events().innerText(), { timeout: 20_000 }).toBe('Typed offline before Logout.');

    await logout();
    await warning().getByRole('button', { name: 'Sign out anyway' }).click({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => keptDrafts(), { timeout: 10_000 }).toBe(0);

    // The server never got the edit, and the next sign-in finds nothing of it on this device either.
    await context.unroute('**/api/**', noNetwork);
    await context.setOffline(false);
    const server = await call('GET', `/patients/${created.id}`);
    expect(sectionPlainText(server.fields.events?.deltaString ?? '')).toBe('');
    await signIn(page, runtime.url, user);
    await page.goto(`${runtime.url}/panel/${created.id}`);
    await events().waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await events().innerText()).trim(), { timeout: 20_000 }).toBe('');
  });
});
