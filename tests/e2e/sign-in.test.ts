// Signing in through the web app in Chromium: password, the authenticator code, the 'Login Session Options' dialog,
// and the failures a clinician meets (wrong password, wrong code).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser } from '../harness/users';
import { chooseSession, continueToHome, enterCode, enterPassword, newContext, PHONE, sessionDialog, shot, storedSessionId } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const troubleLoggingIn = async (page: import('playwright-core').Page, reason: string) => {
  const alert = page.getByRole('alert').filter({ hasText: 'Trouble Logging In' });
  await alert.waitFor({ timeout: 15_000 });
  expect(await alert.textContent()).toContain(reason);
};

describe('sign-in', () => {
  it('takes a signed-out visitor to Login, then the session options, then Home with their email', async () => {
    const user = await createUser(runtime);
    const context = await newContext(browser);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);
    await sessionDialog(page).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'session-dialog-desktop');
    await chooseSession(page, { type: 'private' });
    const backup = page.waitForResponse((r) => r.url().endsWith('/api/backups/daily'), { timeout: 15_000 });
    const session = await continueToHome(page, user);
    expect(session.type).toBe('private');
    // The day's backup of the user document, a second after it loaded; once per date, so not again after a reload.
    const backedUp = await backup;
    expect(backedUp.status()).toBe(200);
    expect(await backedUp.json()).toMatchObject({ created: true, backupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    let again = false;
    page.on('request', (r) => (again ||= r.url().endsWith('/api/backups/daily')));
    await page.reload();
    await page.getByText(`Signed in as ${user.email}`).waitFor();
    await page.waitForTimeout(1_500);
    expect(again).toBe(false);
    expect(await storedSessionId(page)).toBe(session.sessionId);
    expect(await page.title()).toBe('Home');
    await page.waitForTimeout(300); // the top bar's unread count settles
    await shot(page, 'home-desktop');
    await context.close();
  });

  it('asks a user with an authenticator for the 6-digit code, then signs in', async () => {
    const user = await createUser(runtime, { totp: true });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);
    await page.getByRole('textbox', { name: /^Code/ }).waitFor({ timeout: 15_000 });
    await shot(page, 'login-code-phone');
    await enterCode(page, user.totpSecret!);
    await sessionDialog(page).waitFor({ timeout: 20_000 });
    await shot(page, 'session-dialog-phone');
    await continueToHome(page, user);
    await shot(page, 'home-phone');
    await context.close();
  });

  it("shows 'Trouble Logging In' for a wrong password and stays on Login", async () => {
    const user = await createUser(runtime);
    const context = await newContext(browser);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, { email: user.email, password: 'wrong-password-1A' });
    await troubleLoggingIn(page, 'Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.waitForTimeout(500); // let the notification finish sliding in before the screenshot
    await shot(page, 'login-wrong-password');
    await context.close();
  });

  it("shows 'Trouble Logging In' for a wrong code and lets the user try again", async () => {
    const user = await createUser(runtime, { totp: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);
    const code = page.getByRole('textbox', { name: /^Code/ });
    await code.waitFor({ timeout: 15_000 });
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await troubleLoggingIn(page, 'Wrong code. Enter the current code from your authenticator app.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSessionId(page)).toBeNull();
    await context.close();
  });
});
