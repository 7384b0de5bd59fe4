// A runtime with no model set up (no OLLAMA_URL, no Bedrock), one for the file: asking the library answers 503 saying
// what to set, and the chat screen in Chromium says AI is not set up, with nothing to press.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../harness/web';

let bare: TestRuntime;
let browser: Browser;
let someone: TestUser;

beforeAll(async () => {
  [bare, browser] = await Promise.all([startRuntime(), launchBrowser()]);
  someone = await createUser(bare);
});

afterAll(async () => {
  await browser?.close();
  await bare?.stop();
});

describe('without a model', () => {
  it('asking the library says AI is not set up on this server and which setting to set', async () => {
    const asSomeone = api(bare, await signedIn(bare, someone));
    const { status, json } = await asSomeone('POST', '/library/ask', { message: 'What apixaban dose?' });
    expect(status).toBe(503);
    expect(json.error?.code).toBe('model_not_configured');
    expect(json.error?.message).toMatch(/^AI is not set up on this server\. .*OLLAMA_URL/);
  });

  it('the chat says AI is not set up on this server and which setting to set, with nothing to press', async () => {
    const p = await (await newContext(browser)).newPage();
    await signIn(p, bare.url, someone);
    await dismissOfflineNotice(p);
    await p.goto(`${bare.url}/chat`);
    await p.waitForURL(/\/chat\/[\w-]+$/, { timeout: 20_000 });
    const composer = p.getByRole('textbox', { name: 'Message' });
    await composer.waitFor({ timeout: 20_000 });
    await p.getByText('AI is not set up on this server.').first().waitFor({ timeout: 15_000 });
    expect(await p.getByText(/OLLAMA_URL/).first().isVisible()).toBe(true);
    await composer.fill('Is anyone there?');
    expect(await p.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await shot(p, 'chat-not-set-up');
  });
});
