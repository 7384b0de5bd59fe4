// Settings → Activity in the browser: a patient opened in the app shows up in the user's own trail, by name, with the
// browser's own session and address; a patient deleted since is named by its id.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';
import { newContext, shot, signIn, storedSessionId } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Settings → Activity', () => {
  it("lists the patients the user opened and deleted, newest first, with this browser's session", async () => {
    const user = await createUser(runtime);
    const as = api(runtime, await signedIn(runtime, user));
    const gone = (await as('POST', '/patients', { lastname: 'Gone', firstname: 'Gina' })).json as { id: string };
    await as('DELETE', `/patients/${gone.id}`);
    const kept = (await as('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze' })).json as { id: string };

    const page = await (await newContext(browser)).newPage();
    await signIn(page, runtime.url, user);
    const opened = page.waitForResponse((r) => r.url().endsWith(`/api/patients/${kept.id}`) && r.request().method() === 'GET');
    await page.goto(`${runtime.url}/panel/${kept.id}`);
    expect((await opened).status()).toBe(200);
    const sessionId = await storedSessionId(page);

    await page.goto(`${runtime.url}/settings`);
    const activity = page.getByRole('table', { name: 'Activity' });
    const opening = activity.getByRole('row').filter({ hasText: 'Opened' }).first();
    await expect.poll(() => opening.textContent()).toContain('Okafor, Adaeze');
    expect(await opening.getByRole('cell').nth(3).getAttribute('title')).toBe(sessionId);
    expect(await opening.getByRole('cell').nth(4).textContent()).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    expect(await activity.getByRole('row').filter({ hasText: 'Deleted' }).first().textContent()).toContain(`Deleted patient (${gone.id})`);
    await activity.scrollIntoViewIfNeeded();
    await shot(page, 'settings-activity-desktop');
    await page.context().close();
  });
});
