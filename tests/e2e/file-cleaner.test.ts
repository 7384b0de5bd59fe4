// /admin/file-cleaner in Chromium against the real runtime: an administrator (the admin group, `users add --admin`) sees
// an object no record refers to and an old temporary upload, not a file a resource holds, and deletes the chosen ones
// after a confirmation; the bucket is looked at a page at a time ('Load more'); a clinician outside the group is told
// the page is for administrators (the API answers 403).
// Its own runtime: the cleaner scans the whole table and bucket, which in the suite's shared runtime hold every other
// test's files (thousands of them, orphans among them), and a delete there could touch another test's data.
import type { Resource, Upload } from '@chartside/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { ageStoredObject } from '../harness/stored-objects';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { newContext, PHONE, shot, signIn } from '../harness/web';

let runtime: TestRuntime;
let browser: Browser;
let clinician: TestUser;
let admin: TestUser;
let asClinician: Api;

const bytes = new TextEncoder().encode('%PDF-1.4\n% test\n%%EOF\n');

/** A file of the clinician's, stored, `hours` old. */
const storedFile = async (fileName: string, hours: number, temp = false) => {
  const upload = (await asClinician('POST', '/files/uploads', { fileName, size: bytes.length, temp })).json as unknown as Upload;
  expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes })).status).toBe(200);
  await ageStoredObject(runtime.dataDir, upload.file.filePath, hours);
  return upload.file;
};

const readable = async (filePath: string) => (await asClinician('POST', '/files/download-url', { filePath })).status === 200;

beforeAll(async () => {
  [runtime, browser] = await Promise.all([startRuntime(), launchBrowser()]);
  [clinician, admin] = await Promise.all([createUser(runtime), createUser(runtime, { admin: true })]);
  asClinician = api(runtime, await signedIn(runtime, clinician));
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

describe('/admin/file-cleaner', () => {
  it('shows an administrator the orphans and old temporary uploads, and deletes the chosen ones after a confirmation', async () => {
    const orphan = await storedFile('orphan.pdf', 48);
    const oldTemp = await storedFile('attachment.pdf', 30, true);
    const held = await storedFile('kept.pdf', 48);
    const resource = (await asClinician('POST', '/resources', { name: 'Kept', type: 'files' })).json as unknown as Resource;
    expect((await asClinician('PATCH', `/resources/${resource.id}`, { version: resource.version, files: [held] })).status).toBe(200);

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, runtime.url, admin);
    await page.goto(`${runtime.url}/admin/file-cleaner`);
    const list = page.getByRole('list', { name: 'Files that can be deleted' });
    const choice = (key: string) => list.getByRole('checkbox', { name: key });
    await choice(orphan.filePath).waitFor({ timeout: 30_000 });
    await list.getByText(`No record refers to it · `, { exact: false }).first().waitFor();
    await choice(oldTemp.filePath).waitFor();
    expect(await choice(held.filePath).count()).toBe(0);
    // A dry run: listing deleted nothing.
    expect(await readable(orphan.filePath)).toBe(true);
    await shot(page, 'file-cleaner-desktop');

    await choice(orphan.filePath).check();
    await choice(oldTemp.filePath).check();
    await page.getByRole('button', { name: 'Delete chosen (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 files?' });
    await dialog.getByRole('button', { name: 'Delete files' }).click();
    await page.getByRole('alert').filter({ hasText: 'Deleted 2 files' }).or(page.getByText('Deleted 2 files')).first().waitFor({ timeout: 20_000 });
    await choice(orphan.filePath).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await readable(orphan.filePath)).toBe(false);
    expect(await readable(held.filePath)).toBe(true);
    await context.close();
  });

  it('looks at the bucket a page at a time, each next page under the others after Load more', async () => {
    const orphan = await storedFile('paged-orphan.pdf', 48);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    // Pages of one object, so this bucket's few objects take several.
    await page.route(
      (url) => url.pathname === '/api/admin/file-cleaner',
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('limit', '1');
        return route.continue({ url: url.toString() });
      },
    );
    await signIn(page, runtime.url, admin);
    await page.goto(`${runtime.url}/admin/file-cleaner`);
    await page.getByText(/^Looked at 1 stored file; [01] can be deleted\. More stored files remain to look at\.$/).waitFor({ timeout: 30_000 });
    const loadMore = page.getByRole('button', { name: 'Load more' });
    const choice = page.getByRole('list', { name: 'Files that can be deleted' }).getByRole('checkbox', { name: orphan.filePath });
    for (let looked = 2; (await choice.count()) === 0; looked += 1) {
      await loadMore.click();
      await page.getByText(new RegExp(`^Looked at ${looked} stored files;`)).waitFor({ timeout: 20_000 });
    }
    await shot(page, 'file-cleaner-pages-phone');
    await context.close();
  });

  it('tells a clinician outside the admin group that the page is for administrators', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await signIn(page, runtime.url, clinician);
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/file-cleaner');
    await page.goto(`${runtime.url}/admin/file-cleaner`);
    expect((await refused).status()).toBe(403);
    await page.getByText('This page is for administrators').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Files that can be deleted' }).count()).toBe(0);
    await shot(page, 'file-cleaner-forbidden-phone');
    await context.close();
  });
});
