// Images pasted into a rich text in Chromium against the real runtime: a 4000x3000 PNG made in the page is shrunk to
// 1200x900 JPEG and stored as one of the user's files; the patient record keeps only a reference to it (no base64),
// the image shows again on another device, another user cannot read the file, and a paste offline or of a broken
// image says why and leaves no empty image block.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { Patient } from '@chartside/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, newContext, shot, signIn, startUsingPage } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};
const storedPatient = async (id: string) => Patient.parse(await call('GET', `/patients/${id}`));

const events = (p: Page) => p.getByRole('region', { name: 'Events', exact: true }).getByRole('textbox', { name: 'Events' });
const images = (p: Page) => p.getByRole('region', { name: 'Events', exact: true }).locator('[data-content-type=image]');
const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 20_000 });

const openPatient = async (p: Page, id: string) => {
  await p.goto(`${runtime.url}/panel/${id}`);
  await p.getByRole('list', { name: 'Note sections' }).waitFor({ timeout: 20_000 });
  await startUsingPage(p);
  await p.locator('[contenteditable][aria-label="Events"]').waitFor({ timeout: 20_000 });
};

/** Pastes an image file into the editor, as the clipboard hands one over: `kind` 'large' is a 4000x3000 PNG drawn in the page. */
const pasteImage = (editor: Locator, kind: 'large' | 'broken') =>
  editor.evaluate(async (box, what) => {
    let file: File;
    if (what === 'large') {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 4000, 3000);
      gradient.addColorStop(0, '#1d4ed8');
      gradient.addColorStop(1, '#f97316');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 4000, 3000);
      // Fine detail, so the PNG is large (as a screenshot or a photo is).
      for (let i = 0; i < 20_000; i += 1) {
        context.fillStyle = `hsl(${i % 360} 80% 50%)`;
        context.fillRect((i * 7919) % 4000, (i * 104729) % 3000, 9, 9);
      }
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
      file = new File([png], 'ward-round.png', { type: 'image/png' });
    } else {
      file = new File([new TextEncoder().encode('this is not a PNG')], 'broken.png', { type: 'image/png' });
    }
    const clipboard = new DataTransfer();
    clipboard.items.add(file);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    return file.size;
  }, kind);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser, DESKTOP, { serviceWorker: true });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('an image pasted into a note section', () => {
  let id: string;
  let filePath: string;

  beforeAll(async () => {
    const created = (await call('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze', dob: '1956-03-14', mrn: '400123456', room: '10A' })) as { id: string; version: number };
    await call('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields: ['events'] });
    id = created.id;
  });

  it('is shrunk to fit 1200x900, stored as a JPEG file of the user, and the record keeps only its reference', async () => {
    await openPatient(page, id);
    await events(page).click();
    await page.keyboard.type('Wound photo:');
    const pastedBytes = await pasteImage(events(page), 'large');
    expect(pastedBytes).toBeGreaterThan(1_000_000);

    const shown = images(page).locator('img');
    await expect.poll(() => shown.getAttribute('src'), { timeout: 20_000 }).toMatch(/^blob:/);
    await expect.poll(() => shown.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight])).toEqual([1200, 900]);
    await saved(page);
    await shot(page, 'editor-image-pasted');

    const stored = (await storedPatient(id)).fields.events!.deltaString;
    expect(stored).not.toMatch(/base64|data:image/);
    expect(stored.length).toBeLessThan(2_000);
    const image = (JSON.parse(stored) as { type: string; props?: { url?: string } }[]).find((block) => block.type === 'image');
    expect(image?.props?.url).toMatch(new RegExp(`^chartside-file:userContent/${user.userId}/[0-9a-f-]{36}\\.jpg$`));
    filePath = image!.props!.url!.slice('chartside-file:'.length);

    // The stored file: a JPEG, far smaller than the PNG that was pasted.
    const { json } = await asUser('POST', '/files/download-url', { filePath });
    const response = await fetch(String(json.url));
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(pastedBytes / 3);
  });

  it('shows on another device, read through the API; another user cannot read the file', async () => {
    const otherDevice = await newContext(browser);
    const tablet = await otherDevice.newPage();
    await signIn(tablet, runtime.url, user);
    await openPatient(tablet, id);
    const shown = images(tablet).locator('img');
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBe(1200);
    expect(await shown.getAttribute('src')).toMatch(/^blob:/);
    await otherDevice.close();

    const stranger = await createUser(runtime);
    const asStranger = api(runtime, await signedIn(runtime, stranger));
    const refused = await asStranger('POST', '/files/download-url', { filePath });
    expect(refused.status).toBe(404);
    expect((await api(runtime)('POST', '/files/download-url', { filePath })).status).toBe(401);
  });

  it('offline, or for an image that cannot be read, says why and adds nothing', async () => {
    await openPatient(page, id);
    await expect.poll(() => images(page).count()).toBe(1);
    await events(page).click();
    await page.keyboard.press('Control+End');

    await context.setOffline(true);
    try {
      await pasteImage(events(page), 'large');
      await page.getByText("You're offline. A pasted image is stored as a file, which needs a connection: paste it again once you are back online.").waitFor({ timeout: 20_000 });
      await shot(page, 'editor-image-offline');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => images(page).count()).toBe(1);

    await pasteImage(events(page), 'broken');
    await page.getByText('This image could not be read. Try another file, or a PNG or JPEG copy of it.').waitFor({ timeout: 20_000 });
    await expect.poll(() => images(page).count()).toBe(1);
    await saved(page);
    const stored = JSON.parse((await storedPatient(id)).fields.events!.deltaString) as { type: string }[];
    expect(stored.filter((block) => block.type === 'image')).toHaveLength(1);
  });
});
