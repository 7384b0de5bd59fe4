// A clinician made with the users CLI signs in through the web app in Chromium and sees their email.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/src/users';
import { launchBrowser, screenshotDir } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fillCredentials = async (page: Page, user: Pick<TestUser, 'email' | 'password'>) => {
  await page.goto(`${runtime.url}/`);
  await page.waitForURL('**/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  // The password field's label also names its show/hide toggle.
  await page.getByLabel('Password').and(page.locator('input[type=password]')).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
};

describe('sign-in', () => {
  it('takes a signed-out visitor to Login, then Home with their email', async () => {
    const user = await createUser(runtime);
    const page = await browser.newPage();
    await fillCredentials(page, user);
    await expect.poll(() => page.getByText(user.email).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('Home');
    await page.screenshot({ path: path.join(screenshotDir, 'home-signed-in.png') });
    await page.close();
  });

  it('asks a user with an authenticator for the 6-digit code, then signs in', async () => {
    const user = await createUser(runtime, { totp: true });
    const page = await browser.newPage();
    await fillCredentials(page, user);
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshotDir, 'login-code.png') });
    await code.fill(totpCode(user.totpSecret!));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText(user.email).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });

  it("shows 'Trouble Logging In' for a wrong password and stays on Login", async () => {
    const user = await createUser(runtime);
    const page = await browser.newPage();
    await fillCredentials(page, { email: user.email, password: 'wrong-password-1A' });
    await expect.poll(() => page.getByText('Trouble Logging In').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.waitForTimeout(500); // let the notification finish sliding in before the screenshot
    await page.screenshot({ path: path.join(screenshotDir, 'login-wrong-password.png') });
    await page.close();
  });
});
