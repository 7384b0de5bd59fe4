// The PDF viewer and its highlights in Chromium against the real runtime, with PDFs made in the test: text selected
// on the text layer is saved and drawn over the same words after a reload, a zoom, and scrolling away and back; a
// PDF whose lines break elsewhere still places it; a highlight in the list scrolls the viewer to it and can go to the
// chat; an encrypted resource's PDF, sealed at rest, opens; a damaged or empty file says so; and a PDF opened once
// opens again offline, where a new highlight waits and is saved when the connection is back.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import type { Highlight, Resource } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { addFileToResource, damagedPdf, passwordPdf, textPdf } from '../harness/pdfs';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, shot, signIn, untilPersisted } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser, DESKTOP, { serviceWorker: true });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
});

const PHRASE = 'Loop diuretics relieve congestion';

const newResource = async (name: string) => (await asUser('POST', '/resources', { name, type: 'article' })).json as unknown as Resource;
const resourceOf = async (id: string) => (await asUser('GET', `/resources/${id}`)).json as unknown as Resource;
const viewer = (p: Page) => p.getByRole('region', { name: /^PDF: / });

/** Opens the resource and its PDF by the file's name; waits for page 1's text. */
const openPdf = async (p: Page, resource: Resource, fileName: string) => {
  await p.goto(`${runtime.url}/resources/${resource.id}`);
  await p.getByRole('button', { name: fileName, exact: true }).click();
  await textLayer(p, 1).getByText('Page 1 notes.', { exact: false }).waitFor({ timeout: 30_000 });
};
const textLayer = (p: Page, pageNumber: number) => p.locator(`.page[data-page-number="${pageNumber}"] .textLayer`);
const goToPage = async (p: Page, pageNumber: number) => {
  await viewer(p).getByRole('textbox', { name: 'Page' }).fill(String(pageNumber));
  await textLayer(p, pageNumber).locator('span').first().waitFor({ timeout: 20_000 });
};

type Box = { left: number; top: number; right: number; bottom: number };

/** The first occurrence of `text` in a page's text layer: selects it, or answers its box (relative to the page). */
const onText = (p: Page, pageNumber: number, text: string, select: boolean) =>
  p.evaluate(
    ({ pageNumber, text, select }) => {
      const pageDiv = document.querySelector<HTMLElement>(`.page[data-page-number="${pageNumber}"]`)!;
      const layer = pageDiv.querySelector('.textLayer')!;
      const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      let all = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        nodes.push(n as Text);
        all += (n as Text).data;
      }
      const at = all.indexOf(text);
      if (at < 0) throw new Error(`"${text}" is not on page ${pageNumber}`);
      const point = (offset: number, end: boolean) => {
        let start = 0;
        for (const node of nodes) {
          if (end ? offset <= start + node.data.length : offset < start + node.data.length) return [node, offset - start] as const;
          start += node.data.length;
        }
        throw new Error('offset outside the text');
      };
      const range = document.createRange();
      range.setStart(...point(at, false));
      range.setEnd(...point(at + text.length, true));
      if (select) {
        const selection = document.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return undefined;
      }
      const page = pageDiv.getBoundingClientRect();
      const box = range.getBoundingClientRect();
      return { left: box.left - page.left, top: box.top - page.top, right: box.right - page.left, bottom: box.bottom - page.top };
    },
    { pageNumber, text, select },
  );

/** The box around the drawn marks of a page (relative to the page), or undefined when none is drawn. */
const marksBox = (p: Page, pageNumber: number) =>
  p.evaluate((pageNumber) => {
    const pageDiv = document.querySelector<HTMLElement>(`.page[data-page-number="${pageNumber}"]`)!;
    const marks = Array.from(pageDiv.querySelectorAll<HTMLElement>('.chartsideHighlight')).map((mark) => mark.getBoundingClientRect());
    if (marks.length === 0) return undefined;
    const page = pageDiv.getBoundingClientRect();
    return {
      left: Math.min(...marks.map((m) => m.left)) - page.left,
      top: Math.min(...marks.map((m) => m.top)) - page.top,
      right: Math.max(...marks.map((m) => m.right)) - page.left,
      bottom: Math.max(...marks.map((m) => m.bottom)) - page.top,
    };
  }, pageNumber);

/** The marks of a page are drawn over `text` (within a few pixels). */
const expectMarkedOver = async (p: Page, pageNumber: number, text: string) => {
  await expect.poll(() => marksBox(p, pageNumber), { timeout: 15_000 }).toBeDefined();
  const words = (await onText(p, pageNumber, text, false)) as Box;
  const marks = (await marksBox(p, pageNumber))!;
  for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(marks[side] - words[side]), side).toBeLessThan(4);
};

describe('the PDF viewer', () => {
  let resource: Resource;

  beforeAll(async () => {
    resource = await newResource('Heart failure review');
    await addFileToResource(asUser, resource, 'review.pdf', await textPdf({ pages: 24 }));
  });

  it('saves selected text as a highlight, drawn over the same words after a reload, a zoom, and scrolling away and back', { timeout: 180_000 }, async () => {
    await openPdf(page, resource, 'review.pdf');
    const save = viewer(page).getByRole('button', { name: 'Save Selected Text' });
    expect(await save.isDisabled()).toBe(true);
    await expect.poll(() => viewer(page).getByText('of 24').isVisible()).toBe(true);

    await goToPage(page, 2);
    await onText(page, 2, PHRASE, true);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expectMarkedOver(page, 2, PHRASE);
    expect(await page.getByRole('list', { name: 'Highlights' }).getByText(PHRASE).isVisible()).toBe(true);
    await expect.poll(async () => Object.values((await resourceOf(resource.id)).pdfHighlights).flat().map((h) => h.text), { timeout: 15_000 }).toEqual([PHRASE]);
    await shot(page, 'pdf-highlight-saved');

    await page.reload();
    await openPdf(page, resource, 'review.pdf');
    await goToPage(page, 2);
    await expectMarkedOver(page, 2, PHRASE);
    // Restore Highlights draws them again from the saved anchors (the marks of the page are replaced, not added to).
    const marksBefore = await page.locator('.chartsideHighlight').count();
    await page.evaluate(() => document.querySelectorAll('.chartsideHighlights').forEach((layer) => layer.remove()));
    await viewer(page).getByRole('button', { name: 'Restore Highlights' }).click();
    await expectMarkedOver(page, 2, PHRASE);
    expect(await page.locator('.chartsideHighlight').count()).toBe(marksBefore);

    await viewer(page).getByRole('button', { name: 'Zoom in' }).click();
    await viewer(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await textLayer(page, 2).boundingBox())?.width ?? 0).toBeGreaterThan(0);
    await page.waitForFunction(() => !document.querySelector('.page[data-page-number="2"] .loadingIcon'));
    await expectMarkedOver(page, 2, PHRASE);
    await shot(page, 'pdf-highlight-zoomed');

    // Far enough that pdf.js lets page 2 go, then back: drawn again.
    await goToPage(page, 24);
    await goToPage(page, 2);
    await expectMarkedOver(page, 2, PHRASE);
  });

  it('scrolls to a highlight chosen in the list, and sends chosen highlights to the chat', async () => {
    await page.goto(`${runtime.url}/resources/${resource.id}`);
    await page.getByRole('button', { name: `Show in the PDF: ${PHRASE}` }).click();
    await page.locator('.chartsideHighlight.focused').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.chartsideHighlight.focused').first().isVisible()).toBe(true);

    await page.getByRole('checkbox', { name: 'Choose the highlight from page 2' }).check();
    await page.getByRole('button', { name: 'Export to AI' }).click();
    const message = page.getByRole('complementary', { name: 'Chat about this resource' }).getByRole('textbox', { name: 'Message' });
    await expect.poll(() => message.inputValue(), { timeout: 20_000 }).toContain(`(page 2) ${PHRASE}`);
  });

  it('places a highlight on a PDF of the same text whose lines break elsewhere', async () => {
    const reflowed = await addFileToResource(asUser, resource, 'review-reflowed.pdf', await textPdf({ pages: 24, fontSize: 10, width: 420, margin: 40 }));
    const current = await resourceOf(resource.id);
    const [saved] = Object.values(current.pdfHighlights).flat() as Highlight[];
    await asUser('PATCH', `/resources/${resource.id}`, {
      version: current.version,
      pdfHighlights: { ...current.pdfHighlights, [reflowed.fileId]: [{ ...saved!, id: `${saved!.id}-copy`, pdfId: reflowed.fileId }] },
    });
    await openPdf(page, resource, 'review-reflowed.pdf');
    await goToPage(page, 2);
    await expect.poll(() => marksBox(page, 2), { timeout: 15_000 }).toBeDefined();
    const marks = (await marksBox(page, 2))!;
    const start = (await onText(page, 2, 'Loop diuretics', false)) as Box;
    expect(Math.abs(marks.left - start.left) < 4 || Math.abs(marks.top - start.top) < 4).toBe(true);
    expect(await viewer(page).getByText(/not found on/).count()).toBe(0);
    await shot(page, 'pdf-highlight-reflowed');
  });

  it('keeps every canvas within the pixel cap on a huge page zoomed in, and opens other files in a new tab, not the viewer', async () => {
    const huge = await newResource('Poster');
    await addFileToResource(asUser, huge, 'poster.pdf', await textPdf({ pages: 1, width: 3000, height: 4000, fontSize: 40 }));
    await addFileToResource(asUser, huge, 'poster.txt', new TextEncoder().encode('not a PDF'));
    await openPdf(page, huge, 'poster.pdf');
    for (let i = 0; i < 8; i += 1) await viewer(page).getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction(() => !document.querySelector('.page[data-page-number="1"] .loadingIcon'));
    await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll('.pdfViewer canvas')).map((c) => (c as HTMLCanvasElement).width * (c as HTMLCanvasElement).height))).not.toEqual([]);
    const pixels = await page.evaluate(() => Array.from(document.querySelectorAll('.pdfViewer canvas')).map((c) => (c as HTMLCanvasElement).width * (c as HTMLCanvasElement).height));
    for (const count of pixels) expect(count).toBeLessThanOrEqual(16_777_216);

    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'poster.txt', exact: true }).click()]);
    await tab.close();
    expect(await viewer(page).getByText('poster.txt').count()).toBe(0);
  });

  it('opens the PDF of an encrypted resource, sealed at rest and read decrypted through the API, and its other files in a new tab', async () => {
    const created = await newResource('Sealed review');
    const sealed = (await asUser('PATCH', `/resources/${created.id}`, { version: created.version, encrypted: true })).json as unknown as Resource;
    const file = await addFileToResource(asUser, sealed, 'sealed-review.pdf', await textPdf({ pages: 2 }));
    expect((await asUser('POST', '/files/download-url', { filePath: file.filePath })).json).toEqual({ sealed: true });
    await addFileToResource(asUser, sealed, 'sealed-note.txt', new TextEncoder().encode('A sealed note in clear for its owner'));
    await openPdf(page, sealed, 'sealed-review.pdf');
    await shot(page, 'pdf-encrypted-resource');

    // Any other file opens in a new tab, from the decrypted bytes.
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'sealed-note.txt', exact: true }).click()]);
    await tab.waitForURL(/^blob:/, { timeout: 20_000 });
    await tab.getByText('A sealed note in clear for its owner').waitFor({ timeout: 10_000 });
    await tab.close();
  });

  it('says so when a PDF is damaged, empty or locked with a password, and the rest of the screen goes on working', async () => {
    const broken = await newResource('Broken files');
    await addFileToResource(asUser, broken, 'damaged.pdf', damagedPdf());
    await addFileToResource(asUser, broken, 'empty.pdf', new Uint8Array());
    await addFileToResource(asUser, broken, 'locked.pdf', await passwordPdf());
    await page.goto(`${runtime.url}/resources/${broken.id}`);
    for (const [name, message] of [['damaged.pdf', 'This PDF could not be read'], ['empty.pdf', 'This PDF could not be read'], ['locked.pdf', 'This PDF is protected by a password']]) {
      await page.getByRole('button', { name, exact: true }).click();
      await viewer(page).getByText(message!).waitFor({ timeout: 30_000 });
      if (name === 'locked.pdf') await shot(page, 'pdf-password');
      await viewer(page).getByRole('button', { name: 'Close PDF' }).click();
    }
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Broken files');
  });
});

describe("an article's open-access PDF", () => {
  const fixtures = inject('articleFixturesUrl');
  const articleWith = async (pdfPath: string) =>
    (
      await asUser('POST', '/resources', {
        name: 'BNT162b2 trial',
        type: 'article',
        article: {
          doi: '10.1056/NEJMoa2034577',
          title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
          journal_name: 'New England Journal of Medicine',
          published_date: '2020-12-31',
          crossref: true,
          authors: [],
          oa_locations: [{ url_for_pdf: `${fixtures}/pdfs/${pdfPath}?test=${crypto.randomUUID()}`, url: 'https://www.nejm.org/', host_type: 'publisher', version: null }],
        },
      })
    ).json as unknown as Resource;

  it('is fetched by the server into the files and opens in the viewer; a refusal is said plainly', async () => {
    const resource = await articleWith('article.pdf');
    await page.goto(`${runtime.url}/resources/${resource.id}`);
    await page.getByRole('button', { name: 'Open the open-access PDF' }).click();
    await page.locator('.page[data-page-number="1"] .textLayer span').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf', exact: true }).waitFor();
    expect((await resourceOf(resource.id)).files.map((file) => file.mimeType)).toEqual(['application/pdf']);

    const refused = await articleWith('forbidden');
    await page.goto(`${runtime.url}/resources/${refused.id}`);
    await page.getByRole('button', { name: 'Open the open-access PDF' }).click();
    await page.getByRole('alert').getByText('The publisher refused the PDF (403)').waitFor({ timeout: 30_000 });
    expect(await viewer(page).count()).toBe(0);
  });
});

describe('the PDF viewer offline', () => {
  it('opens a PDF opened once again offline with its highlights, and keeps a highlight saved offline until it is back', { timeout: 180_000 }, async () => {
    const resource = await newResource('Offline reading');
    await addFileToResource(asUser, resource, 'offline.pdf', await textPdf({ pages: 3 }));
    await openPdf(page, resource, 'offline.pdf');
    await onText(page, 1, PHRASE, true);
    await viewer(page).getByRole('button', { name: 'Save Selected Text' }).click();
    await expect.poll(async () => Object.values((await resourceOf(resource.id)).pdfHighlights).flat().length, { timeout: 15_000 }).toBe(1);
    await untilPersisted(page, `"text":"${PHRASE}"`);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByText("You're offline").first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'offline.pdf', exact: true }).click();
      await textLayer(page, 1).getByText('Page 1 notes.', { exact: false }).waitFor({ timeout: 30_000 });
      await expectMarkedOver(page, 1, PHRASE);
      await onText(page, 1, 'Daily weights help patients', true);
      await viewer(page).getByRole('button', { name: 'Save Selected Text' }).click();
      await expect.poll(() => page.locator('.chartsideHighlight').count()).toBeGreaterThan(1);
      await shot(page, 'pdf-offline');
    } finally {
      await context.setOffline(false);
    }
    await expect
      .poll(async () => Object.values((await resourceOf(resource.id)).pdfHighlights).flat().map((h) => h.text).sort(), { timeout: 60_000 })
      .toEqual(['Daily weights help patients', PHRASE]);
  });
});
