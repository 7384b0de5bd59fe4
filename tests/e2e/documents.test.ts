// /documents in Chromium against the real runtime: a newcomer's empty state, uploads by the file picker (with the
// progress bar seen while a throttled PUT is on its way) and by drag and drop, a refused type said clearly, previews of
// a PDF (in the PDF viewer) and of an image, rename by keyboard and a confirmed delete; at desktop and phone width.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import type { DocumentList } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { textPdf } from '../harness/pdfs';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const documents = async () => ((await asUser('GET', '/documents')).json as unknown as DocumentList).files;
const row = (p: Page, name: string) => p.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ has: p.getByRole('link', { name, exact: true }) });

/** Drops files on the drop zone as a dragged selection from the desktop arrives. */
const dropFiles = (p: Page, files: { name: string; type: string; text: string }[]) =>
  p.getByTestId('documents-drop-zone').evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name, { type: file.type }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, runtime.url, user);
});

afterAll(async () => {
  await browser?.close();
});

describe('/documents', () => {
  it("shows a newcomer what the page is for, uploads with a progress bar and by drag and drop, and refuses a type it doesn't take", async () => {
    await page.goto(`${runtime.url}/documents`);
    await page.getByText('No documents yet').waitFor({ timeout: 20_000 });
    await shot(page, 'documents-empty-desktop');

    // A slow uplink, so the bar is seen filling while the PUT is on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const log = 'Ward log line.\n'.repeat(60_000);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'ward-log.txt', mimeType: 'text/plain', buffer: Buffer.from(log) },
      { name: 'discharge.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await textPdf({ pages: 2 })) },
      { name: 'rash.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const bar = page.getByRole('progressbar', { name: 'Uploading ward-log.txt' });
    await bar.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, 'documents-uploading-desktop');
    await row(page, 'rash.png').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(async () => (await page.getByRole('progressbar').count())).toBe(0);

    await dropFiles(page, [
      { name: 'plan.md', type: 'text/markdown', text: '# Plan\nDischarge tomorrow.' },
      { name: 'setup.exe', type: 'application/octet-stream', text: 'MZ' },
    ]);
    await page.getByRole('alert').filter({ hasText: '"setup.exe" is not a supported type' }).waitFor({ timeout: 10_000 });
    await row(page, 'plan.md').waitFor({ timeout: 20_000 });

    const stored = await documents();
    expect(stored.map((file) => file.name).sort()).toEqual(['discharge.pdf', 'plan.md', 'rash.png', 'ward-log.txt']);
    expect(stored.find((file) => file.name === 'ward-log.txt')?.size).toBe(log.length);
    await expect.poll(() => page.getByText(/^Storage used: .* in 4 files$/).count()).toBe(1);
    await expect.poll(() => row(page, 'discharge.pdf').getByText(/^PDF · .* · /).count()).toBe(1);
    await shot(page, 'documents-list-desktop');
  });

  it('previews a PDF in the PDF viewer and an image, and goes back to the list', async () => {
    await page.goto(`${runtime.url}/documents`);
    await page.getByRole('link', { name: 'discharge.pdf', exact: true }).click();
    await page.locator('.page[data-page-number="1"] .textLayer').getByText('Page 1 notes.', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Save Selected Text' }).count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'discharge.pdf' }).waitFor();
    await shot(page, 'documents-pdf-preview-desktop');

    await page.getByRole('link', { name: 'Back to Documents' }).click();
    await page.getByRole('link', { name: 'rash.png', exact: true }).click();
    const image = page.getByRole('img', { name: 'rash.png' });
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await page.getByRole('link', { name: 'Back to Documents' }).click();
    await page.getByRole('link', { name: 'plan.md', exact: true }).click();
    await page.getByLabel('Text of plan.md').getByText('Discharge tomorrow.', { exact: false }).waitFor({ timeout: 20_000 });
  });

  it('renames by keyboard and deletes after a confirmation', async () => {
    await page.goto(`${runtime.url}/documents`);
    await page.getByRole('button', { name: 'Rename discharge.pdf' }).click();
    const name = page.getByRole('textbox', { name: 'New name for discharge.pdf' });
    await name.fill('Discharge summary.pdf');
    await name.press('Enter');
    await row(page, 'Discharge summary.pdf').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await documents()).map((file) => file.name)).toContain('Discharge summary.pdf');

    await page.getByRole('button', { name: 'Delete ward-log.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
    await dialog.getByText('“ward-log.txt” is deleted from storage', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete ward-log.txt' }).click();
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await row(page, 'ward-log.txt').waitFor({ state: 'detached', timeout: 20_000 });
    expect((await documents()).map((file) => file.name).sort()).toEqual(['Discharge summary.pdf', 'plan.md', 'rash.png']);
  });

  it('fits a phone', async () => {
    const phone = await newContext(browser, PHONE);
    const small = await phone.newPage();
    await signIn(small, runtime.url, user);
    await small.goto(`${runtime.url}/documents`);
    await row(small, 'plan.md').waitFor({ timeout: 20_000 });
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(small, 'documents-list-phone', true);
    await small.getByRole('link', { name: 'rash.png', exact: true }).click();
    await small.getByRole('img', { name: 'rash.png' }).waitFor({ timeout: 20_000 });
    await shot(small, 'documents-image-phone');
    await phone.close();
  });
});
