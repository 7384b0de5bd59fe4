// axe (WCAG 2.x A/AA and best practices) on the screens a clinician meets first: Login, Home, Settings, Sessions, Tags.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, type TestUser } from '../harness/users';
import { chooseSession, continueToHome, enterPassword, newContext, PHONE } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
});
afterAll(async () => {
  await browser?.close();
});

/** The violations, one line each: rule, impact and the elements it found. */
const violations = async (page: Page) => {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const screens: [name: string, path: string, ready: (page: Page) => Promise<unknown>][] = [
  ['Home', '/', (page) => page.getByText(`Signed in as ${user.email}`).waitFor()],
  ['Settings', '/settings', (page) => page.getByRole('button', { name: 'Set up authenticator app' }).waitFor()],
  ['Sessions', '/sessions', (page) => page.getByText('This browser').waitFor()],
  ['Tags', '/tags', (page) => page.getByRole('heading', { name: /^Patient tags/ }).waitFor()],
  ['Chat', '/chat', (page) => page.getByText('Chat will appear here').waitFor()],
];

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
] as const)('axe on a %s', (_size, viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, viewport);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds nothing on Login', async () => {
    await page.goto(`${runtime.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it("finds nothing in the 'Login Session Options' dialog, public with a custom expiry", async () => {
    await enterPassword(page, runtime.url, user);
    await chooseSession(page, { type: 'public', custom: '30', unit: 'Minutes' });
    await page.waitForTimeout(300);
    expect(await violations(page)).toEqual([]);
    await continueToHome(page, user);
  });

  it('would see a violation (the check is live): a button without a name on Home', async () => {
    await page.goto(`${runtime.url}/`);
    await screens[0]![2](page);
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
    expect((await violations(page)).some((line) => line.startsWith('button-name'))).toBe(true);
  });

  it.each(screens)('finds nothing on %s', async (_name, path, ready) => {
    await page.goto(`${runtime.url}${path}`);
    await ready(page);
    await page.waitForTimeout(300); // transitions done: axe measures contrast on what is shown
    expect(await violations(page)).toEqual([]);
  });
});
