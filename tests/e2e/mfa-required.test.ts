// A deployment that requires MFA (a runtime started with MFA=required): a user without an authenticator is taken
// through setting one up at sign-in (QR code and secret, then a code computed from that secret), and signs in with a
// code from then on. Settings does not offer turning it off.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/src/users';
import { launchBrowser } from '../harness/browser';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser } from '../harness/users';
import { chooseSession, continueToHome, enterCode, enterPassword, newContext, PHONE, sessionDialog, shot } from '../harness/web';

let runtime: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  [runtime, browser] = await Promise.all([startRuntime({ env: { MFA: 'required' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

/** The next code, waiting for a new 30-second window when `used` is the current one (Cognito takes each code once). */
const freshCode = async (secret: string, used: string) => {
  while (totpCode(secret) === used) await new Promise((resolve) => setTimeout(resolve, 1_000));
  return totpCode(secret);
};

describe('sign-in when the deployment requires MFA', () => {
  it('sets up an authenticator at first sign-in, then asks for its code', async () => {
    const user = await createUser(runtime);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);

    await page.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor({ timeout: 20_000 });
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByRole('textbox', { name: 'Secret key' }).inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'login-totp-setup-phone', true);

    const first = totpCode(secret);
    await page.getByRole('textbox', { name: /^Code/ }).fill(first);
    await page.getByRole('button', { name: 'Verify' }).click();
    await sessionDialog(page).waitFor({ timeout: 20_000 });
    await chooseSession(page, { type: 'private' });
    await continueToHome(page, user);

    // Settings: the authenticator is on, and cannot be turned off here.
    await page.goto(`${runtime.url}/settings`);
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByText('Your organization requires an authenticator app, so it stays on.').waitFor({ timeout: 15_000 });
    expect(await security.getByRole('button', { name: 'Turn off authenticator app' }).count()).toBe(0);

    // Next sign-in (another browser): the code step, no set-up.
    const other = await newContext(browser);
    const second = await other.newPage();
    await enterPassword(second, runtime.url, user);
    const code = second.getByRole('textbox', { name: /^Code/ });
    await code.waitFor({ timeout: 20_000 });
    expect(await second.getByRole('heading', { name: 'Set up an authenticator app' }).count()).toBe(0);
    await code.fill(await freshCode(secret, first));
    await second.getByRole('button', { name: 'Verify' }).click();
    await sessionDialog(second).waitFor({ timeout: 20_000 });
    await continueToHome(second, user);
    await other.close();
    await context.close();
  });

  it('says so when the first code is wrong, and stays on the set-up', async () => {
    const user = await createUser(runtime);
    const context = await newContext(browser);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: /^Code/ }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Trouble Logging In' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('Wrong code');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('lets a user who already has an authenticator sign in with its code', async () => {
    const user = await createUser(runtime, { totp: true });
    const context = await newContext(browser);
    const page = await context.newPage();
    await enterPassword(page, runtime.url, user);
    await enterCode(page, user.totpSecret!);
    await sessionDialog(page).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
