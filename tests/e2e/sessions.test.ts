// Login sessions in Chromium: each option of the 'Login Session Options' dialog (an invalid custom expiry included),
// a public session that expires, remote sign-out from a second browser, and terminate-all.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { api } from '../harness/api';
import { createUser, runtimeConfig, type TestUser } from '../harness/users';
import {
  chooseSession,
  enterPassword,
  newContext,
  PHONE,
  realtimeOpen,
  type SessionChoice,
  sessionDialog,
  shot,
  signIn,
  signInThroughLoginPage,
  storedSessionId,
} from '../harness/web';

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

const HOUR_MS = 3_600_000;

/** Waits until the page shows Login (a sign-out ends with a reload onto it). */
const waitForLogin = (page: Page, timeout: number) => page.getByRole('button', { name: 'Login' }).waitFor({ timeout });

describe('the Login Session Options dialog', () => {
  it.each<[string, SessionChoice, string, number | null]>([
    ['private (persistent)', { type: 'private' }, 'private', null],
    ['public with the default, 24 hours', { type: 'public' }, 'public', 24],
    ['public, 2 hours', { type: 'public', preset: 2 }, 'public', 2],
    ['public, 6 hours', { type: 'public', preset: 6 }, 'public', 6],
    ['public, 12 hours', { type: 'public', preset: 12 }, 'public', 12],
    ['public, 90 custom minutes', { type: 'public', custom: '90', unit: 'Minutes' }, 'public', 1.5],
    ['public, 168 custom hours', { type: 'public', custom: '168', unit: 'Hours' }, 'public', 168],
  ])('starts a %s session', async (_name, choice, type, hours) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const before = Date.now();
    const session = await signInThroughLoginPage(page, runtime.url, user, choice);
    expect(session.type).toBe(type);
    expect(session.expirationHours).toBe(hours);
    if (hours === null) expect(session.expiresAt).toBeNull();
    else expect(Math.abs(Date.parse(session.expiresAt!) - before - hours * HOUR_MS)).toBeLessThan(60_000);
    expect(await storedSessionId(page)).toBe(session.sessionId);
    await context.close();
  });

  it('keeps the session chosen with Continue: a reload right after goes Home without asking again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const session = await signInThroughLoginPage(page, runtime.url, user);
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/sessions/current'));
    await page.reload();
    expect((await checked).status()).toBe(200);
    await page.getByText(`Signed in as ${user.email}`).waitFor({ timeout: 20_000 });
    expect(await sessionDialog(page).count()).toBe(0);
    expect(await storedSessionId(page)).toBe(session.sessionId);
    await context.close();
  });

  it('marks an invalid custom expiry red and disables Continue', async () => {
    for (const viewport of [undefined, PHONE]) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await enterPassword(page, runtime.url, user);
      await chooseSession(page, { type: 'public', custom: '1.5', unit: 'Hours' });
      const dialog = sessionDialog(page);
      const input = dialog.getByRole('textbox', { name: 'Custom expiry' });
      const continueButton = dialog.getByRole('button', { name: 'Continue' });
      await dialog.getByText('Enter a whole number of hours, from 1 to 168.').waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await continueButton.isDisabled()).toBe(true);
      // Red: the border takes Mantine's error colour (after its colour transition).
      const border = async () => (await input.evaluate((el) => getComputedStyle(el).borderColor)).match(/\d+/g)!.map(Number);
      await expect.poll(async () => {
        const [red = 0, green = 0, blue = 0] = await border();
        return red > 150 && green + blue < red;
      }, { timeout: 3_000 }).toBe(true);
      await shot(page, `session-dialog-invalid-${viewport ? 'phone' : 'desktop'}`);

      for (const [value, unit] of [['10081', 'Minutes'], ['0', 'Minutes'], ['169', 'Hours']] as const) {
        await dialog.getByText(unit, { exact: true }).click();
        await input.fill(value);
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await continueButton.isDisabled()).toBe(true);
      }
      await input.fill('45');
      expect(await input.getAttribute('aria-invalid')).not.toBe('true');
      expect(await continueButton.isDisabled()).toBe(false);
      await context.close();
    }
  });
});

describe('a public session', () => {
  it('signs the browser out when it expires', async () => {
    const context = await newContext(browser);
    // The page's clock runs as the real one, and jumps the minute to the expiry instead of the test waiting it out.
    await context.clock.install();
    const page = await context.newPage();
    const session = await signInThroughLoginPage(page, runtime.url, user, { type: 'public', custom: '1', unit: 'Minutes' });
    const expiresAt = Date.parse(session.expiresAt!);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    // A second before the expiry the browser is still signed in.
    await page.clock.fastForward(Math.max(0, expiresAt - (await page.evaluate(() => Date.now())) - 1_000));
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedSessionId(page)).toBe(session.sessionId);
    await page.clock.fastForward(2_000);
    await waitForLogin(page, 15_000);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSessionId(page)).toBeNull();
    // The way back is a new sign-in, with a new choice.
    await enterPassword(page, runtime.url, user);
    await sessionDialog(page).waitFor({ timeout: 20_000 });
    await context.close();
  });
});

/** The tokens Amplify keeps in this browser's localStorage. */
const amplifyTokens = (page: Page) =>
  page.evaluate(() => {
    const ending = (suffix: string) => Object.keys(localStorage).find((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith(suffix));
    return { accessToken: localStorage.getItem(ending('.accessToken') ?? ''), refreshToken: localStorage.getItem(ending('.refreshToken') ?? '') };
  });

describe('signing sessions out', () => {
  it("Logout ends the sign-in: Cognito revokes its refresh token and the API takes its access token no more", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, runtime.url, user);
    const { accessToken, refreshToken } = await amplifyTokens(page);
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await waitForLogin(page, 10_000);

    const cognito = new CognitoIdentityProviderClient({
      endpoint: `${runtime.url}/cognito`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const { userPoolClientId } = await runtimeConfig(runtime);
    await expect(cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: userPoolClientId, RefreshToken: refreshToken! }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const restarted = await api(runtime, accessToken!)('POST', '/sessions', { type: 'private' });
    expect(restarted.status).toBe(401);
    expect(restarted.json.error?.code).toBe('session_ended');
    await context.close();
  });

  /** Two browsers of the same clinician, each signed in with its own session; the first with its socket open. */
  const twoBrowsers = async () => {
    const first = await newContext(browser);
    const firstPage = await first.newPage();
    const socket = realtimeOpen(firstPage);
    const firstSession = await signIn(firstPage, runtime.url, user);
    await socket;
    const second = await newContext(browser);
    const secondPage = await second.newPage();
    await signIn(secondPage, runtime.url, user);
    await secondPage.goto(`${runtime.url}/sessions`);
    await secondPage.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
    return { first, firstPage, firstSession, second, secondPage };
  };

  it('signs the first browser out, and reloads it onto Login, when the second signs its session out', async () => {
    const { first, firstPage, firstSession, second, secondPage } = await twoBrowsers();
    const live = secondPage.getByRole('region', { name: /^Signed in/ });
    const firstCard = live.getByRole('listitem').filter({ hasNotText: 'This browser' }).first();
    await firstCard.waitFor();
    await secondPage.waitForTimeout(300);
    await shot(secondPage, 'sessions-desktop', true);

    const liveCount = await live.getByRole('listitem').count();
    const reloaded = firstPage.waitForEvent('load', { timeout: 10_000 });
    await firstCard.getByRole('button', { name: 'Sign out' }).click();
    await reloaded;
    await waitForLogin(firstPage, 5_000);
    expect(await storedSessionId(firstPage)).toBeNull();

    // The second browser stays signed in and no longer lists the first session as signed in.
    await expect.poll(() => live.getByRole('listitem').count(), { timeout: 10_000 }).toBe(liveCount - 1);
    expect(await storedSessionId(secondPage)).not.toBeNull();
    expect(firstSession.sessionId).not.toBe(await storedSessionId(secondPage));
    await first.close();
    await second.close();
  });

  it('terminates all sessions: both browsers end on Login', async () => {
    const { first, firstPage, second, secondPage } = await twoBrowsers();
    await secondPage.getByRole('button', { name: 'Terminate all sessions' }).click();
    const dialog = secondPage.getByRole('dialog', { name: 'Terminate all sessions?' });
    await dialog.waitFor();
    await secondPage.waitForTimeout(300); // the dialog's opening transition
    await shot(secondPage, 'sessions-terminate-all-desktop');
    const firstReloaded = firstPage.waitForEvent('load', { timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Terminate all sessions' }).click();
    await waitForLogin(secondPage, 10_000);
    await firstReloaded;
    await waitForLogin(firstPage, 5_000);
    expect(await storedSessionId(firstPage)).toBeNull();
    expect(await storedSessionId(secondPage)).toBeNull();

    // Signing in again works, with a new session.
    await signIn(secondPage, runtime.url, user);
    await first.close();
    await second.close();
  });
});

describe('the Sessions page on a phone', () => {
  it('lists the sessions readably at 390 px', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await signIn(page, runtime.url, user);
    await page.goto(`${runtime.url}/sessions`);
    await page.getByRole('region', { name: /^Signed in/ }).getByText('This browser').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.waitForTimeout(300);
    await shot(page, 'sessions-phone');
    await context.close();
  });
});
