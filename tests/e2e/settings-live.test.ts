// A setting changed on one device shows on the user's other device without a reload (pushed over the WebSocket).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser } from '../harness/users';
import { newContext, PHONE, realtimeOpen, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('settings on two devices', () => {
  it("applies a change made on the desktop to the phone's open Settings page, live", async () => {
    const user = await createUser(runtime);
    const desktop = await (await newContext(browser)).newPage();
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(desktop, runtime.url, user);
    await signIn(phone, runtime.url, user);

    // Loading Settings is a new page load on each device: the phone's socket reopens, and the push needs it.
    const phoneSocket = realtimeOpen(phone);
    await Promise.all([desktop.goto(`${runtime.url}/settings`), phone.goto(`${runtime.url}/settings`)]);
    await phoneSocket;
    const onPhone = phone.getByRole('switch', { name: 'CPRS record numbers' });
    await onPhone.waitFor();
    const before = await onPhone.isChecked();

    const saved = desktop.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
    await desktop.getByRole('switch', { name: 'CPRS record numbers' }).click({ force: true });
    expect((await saved).status()).toBe(200);

    await expect.poll(() => onPhone.isChecked(), { timeout: 5_000 }).toBe(!before);
    await shot(phone, 'settings-live-phone');
    await desktop.context().close();
    await phone.context().close();
  });
});
