// /tools/fileencrypt in Chromium against the real runtime: a file chosen to encrypt downloads as name.chartside, not
// holding the file's bytes; that download chosen to decrypt downloads under the first name with the same bytes. Another
// user signed in elsewhere is told it could not be decrypted. Shot after each step.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser } from '../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;

const openTool = async (page: Page) => {
  await page.goto(`${runtime.url}/tools/fileencrypt`);
  await page.getByRole('heading', { level: 1, name: 'File Encrypt' }).waitFor({ timeout: 20_000 });
};

const signedInPage = async () => {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, await createUser(runtime));
  await dismissOfflineNotice(page);
  await openTool(page);
  return page;
};

/** Chooses a file with the button, as a user does, and returns what the page downloads in answer. */
const chooseAndDownload = async (page: Page, button: string, file: { name: string; buffer: Buffer }) => {
  const chooser = page.waitForEvent('filechooser');
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/octet-stream' });
  const saved = await download;
  return { name: saved.suggestedFilename(), bytes: readFileSync(await saved.path()) };
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('File Encrypt', () => {
  it('encrypts a file for download and decrypts that download back to the same bytes; another user cannot', async () => {
    const page = await signedInPage();
    const original = Buffer.concat([Buffer.from('%PDF-1.7 discharge summary '), randomBytes(200_000)]);
    const encrypted = await chooseAndDownload(page, 'Choose a file to encrypt', { name: 'discharge.pdf', buffer: original });
    expect(encrypted.name).toBe('discharge.pdf.chartside');
    expect(encrypted.bytes.includes(original.subarray(0, 64))).toBe(false);
    await page.getByRole('status').filter({ hasText: 'Encrypted: discharge.pdf.chartside was downloaded.' }).waitFor();
    await shot(page, 'tool-fileencrypt-encrypted');

    const decrypted = await chooseAndDownload(page, 'Choose an encrypted file (.chartside)', { name: encrypted.name, buffer: encrypted.bytes });
    expect(decrypted.name).toBe('discharge.pdf');
    expect(decrypted.bytes.equals(original)).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Decrypted: discharge.pdf was downloaded.' }).waitFor();

    const other = await signedInPage();
    const chooser = other.waitForEvent('filechooser');
    await other.getByRole('button', { name: 'Choose an encrypted file (.chartside)' }).click();
    await (await chooser).setFiles({ name: encrypted.name, mimeType: 'application/octet-stream', buffer: encrypted.bytes });
    await other.getByRole('alert').filter({ hasText: 'discharge.pdf.chartside: This could not be decrypted: it was not encrypted by Chartside for you' }).waitFor({ timeout: 20_000 });
    await shot(other, 'tool-fileencrypt-refused');
  });
});
