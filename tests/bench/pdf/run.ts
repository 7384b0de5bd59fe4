// The PDF viewer on the resource screen in Chromium: `npm run bench:pdf [-- --runs 5]` (web/dist built first). Prints
// figures (p50/p95 over the runs) beside the goals; asserts nothing. Through a real local runtime serving web/dist and
// real Chromium, signed in as a clinician with a resource holding a generated 300-page text PDF.
//
// What is measured, with the page's own clock (performance.now()), so Playwright's round trips are not counted:
// - from the click on the file's name to page 1 showing its text layer and its canvas: on a first open (the bytes not
//   yet kept on the device: Cache Storage 'chartside-files' cleared) and on a warm one (kept), the page reloaded
//   between runs; the first open of all, which also fetches pdf.js, is printed on its own;
// - a jump to page 250 typed into the page box, until its text layer has text; before each, jumps elsewhere let
//   page 250 go (pdf.js keeps the last 10 pages drawn), so each is a real jump. A page that never shows text is
//   counted apart, with a line saying where the viewer went instead;
// - the JS heap before opening, after opening and after scrolling through every page (after a GC each time), and the
//   canvases left at the end, which shows pages are let go. The pdf.js worker has its own heap, read through CDP.
// A time is taken when the page next checks (once a frame, Playwright's waitForFunction polling), so within ~16 ms.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { parseArgs } from 'node:util';
import type { Resource } from '@chartside/shared';
import type { CDPSession, Page } from 'playwright-core';
import { api } from '../../harness/api';
import { launchBrowser } from '../../harness/browser';
import { addFileToResource, textPdf } from '../../harness/pdfs';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../../harness/web';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const PAGES = 300;
const FILE_NAME = 'long.pdf';
const JUMP_TARGET = 250;
/** Where the viewer keeps PDF bytes on the device (web/src/platform/offline/file-cache.ts). */
const FILE_CACHE = 'chartside-files';
const WAIT_MS = 10_000;

declare global {
  interface Window {
    benchStartedAt: number;
  }
}

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? NaN;
/** p50 and p95 of the times taken; a time never taken (NaN: the page never showed) is counted apart. */
const figures = (samples: number[]) => {
  const taken = samples.filter((ms) => !Number.isNaN(ms));
  const never = samples.length - taken.length;
  return `p50 ${percentile(taken, 50).toFixed(0).padStart(5)} ms, p95 ${percentile(taken, 95).toFixed(0).padStart(5)} ms${never ? ` (${never} of ${samples.length} never shown within ${WAIT_MS / 1000} s)` : ''}`;
};
const line = (label: string, text: string) => console.log(`  ${label.padEnd(48)} ${text}`);
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The clock starts at the event itself (a click, the page box's input), not before Playwright's checks. */
const startClockAt = (page: Page, event: 'click' | 'input') =>
  page.evaluate((event) => addEventListener(event, () => (window.benchStartedAt = performance.now()), { capture: true, once: true }), event);

/**
 * The ms from the clock's start until the page's text layer has text (and, with `canvas`, its canvas is in the page:
 * pdf.js puts it there once drawn). NaN when it never comes, with a screenshot.
 */
const untilShown = async (page: Page, pageNumber: number, canvas: boolean) => {
  try {
    const handle = await page.waitForFunction(
      ({ pageNumber, canvas }) => {
        const div = document.querySelector(`.page[data-page-number="${pageNumber}"]`);
        const shown = div?.querySelector('.textLayer span') && (!canvas || div.querySelector('canvas'));
        return shown ? performance.now() - window.benchStartedAt : false;
      },
      { pageNumber, canvas },
      { timeout: WAIT_MS },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    // Says where the viewer went instead (its page box) and the page's state, as the figures only count it.
    const state = await page.evaluate((n) => {
      const div = document.querySelector(`.page[data-page-number="${n}"]`);
      return { shown: document.querySelector<HTMLInputElement>('input[aria-label="Page"]')?.value, page: div ? `"${div.className}", position ${getComputedStyle(div).position}` : 'missing' };
    }, pageNumber);
    console.log(`  (page ${pageNumber} never showed text within ${WAIT_MS / 1000} s; the viewer shows page ${state.shown}; page ${pageNumber}: ${state.page})`);
    await shot(page, `bench-pdf-no-page-${pageNumber}`);
    return NaN;
  }
};

const hasText = (page: Page, pageNumber: number) => page.evaluate((n) => Boolean(document.querySelector(`.page[data-page-number="${n}"] .textLayer span`)), pageNumber);

/** The duration of the page's fetch of the PDF itself (its signed URL names the file id). */
const downloadTiming = (page: Page, fileId: string) =>
  page.evaluate((fileId) => performance.getEntriesByType('resource').find((entry) => entry.name.includes(fileId))?.duration ?? NaN, fileId);

/**
 * In the page: scrolls the viewer from top to bottom a box height at a time, each time waiting (up to 5 s) for every
 * page in view to show text. Answers the pages that never did, the steps, the time, and the most canvases at once.
 */
const scrollThrough = async () => {
  const scroller = document.querySelector<HTMLElement>('[data-testid="pdf-scroll"]')!;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const canvases = () => document.querySelectorAll('.pdfViewer canvas').length;
  // A page counts as in view when more than its border and margin show.
  const inView = () => {
    const box = scroller.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>('.pdfViewer .page')).filter((p) => {
      const r = p.getBoundingClientRect();
      return r.bottom > box.top + 20 && r.top < box.bottom - 20;
    });
  };
  const missing = new Set<number>();
  let steps = 0;
  let mostCanvases = 0;
  const started = performance.now();
  scroller.scrollTop = 0;
  for (;;) {
    steps += 1;
    const giveUpAt = performance.now() + 5_000;
    for (;;) {
      await frame();
      mostCanvases = Math.max(mostCanvases, canvases());
      const pending = inView().filter((p) => !p.querySelector('.textLayer span'));
      if (pending.length === 0) break;
      if (performance.now() > giveUpAt) {
        for (const p of pending) missing.add(Number(p.dataset.pageNumber));
        break;
      }
    }
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    scroller.scrollTop += scroller.clientHeight;
  }
  return { missing: [...missing], steps, ms: performance.now() - started, mostCanvases };
};

/**
 * The page's dedicated workers (pdf.js's), attached through the page's CDP session without flattening, so their
 * commands go through Target.sendMessageToTarget. Must be set up before the worker starts.
 */
const watchWorkers = async (cdp: CDPSession) => {
  const workers = new Set<string>();
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') workers.add(sessionId);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => sessionId && workers.delete(sessionId));
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let nextId = 1;
  const call = (sessionId: string, method: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} from the worker`)), 10_000);
      const onMessage = (event: { sessionId: string; message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: Record<string, number> };
        if (event.sessionId !== sessionId || message.id !== id) return;
        clearTimeout(timer);
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(message.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
  /** The used heap of each worker after a GC. */
  return async () => {
    const used: number[] = [];
    for (const sessionId of workers) {
      await call(sessionId, 'HeapProfiler.collectGarbage');
      used.push((await call(sessionId, 'Runtime.getHeapUsage')).usedSize ?? NaN);
    }
    return used;
  };
};

/** The page's used JS heap after a GC. */
const pageHeap = async (cdp: CDPSession) => {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
};

const runtime = await startRuntime();
const browser = await launchBrowser();
try {
  const user = await createUser(runtime);
  const asUser = api(runtime, await signedIn(runtime, user));
  const resource = (await asUser('POST', '/resources', { name: 'Long review', type: 'guide' })).json as unknown as Resource;
  const bytes = await textPdf({ pages: PAGES });
  const file = await addFileToResource(asUser, resource, FILE_NAME, bytes);
  console.log(`PDF viewer in Chromium, through the local runtime: ${FILE_NAME}, ${PAGES} pages of text, ${(bytes.length / 1_000).toFixed(0)} KB; ${runs} runs each.`);

  const context = await newContext(browser);
  // tsx compiles this file keeping function names (`__name(fn, 'fn')`); the callbacks sent to the page need it there too.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  const page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);

  const resourceUrl = `${runtime.url}/resources/${resource.id}`;
  const fileButton = page.getByRole('button', { name: FILE_NAME, exact: true });
  const openAndTime = async () => {
    await fileButton.waitFor({ timeout: WAIT_MS });
    await startClockAt(page, 'click');
    await fileButton.click();
    return untilShown(page, 1, true);
  };

  await page.goto(resourceUrl);
  const firstEver = await openAndTime();
  const cold: number[] = [];
  const downloads: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.evaluate((name) => caches.delete(name), FILE_CACHE);
    await page.reload();
    cold.push(await openAndTime());
    downloads.push(await downloadTiming(page, file.fileId));
    await page.reload();
    warm.push(await openAndTime());
  }
  line('click to page 1 shown, first open of all', `${firstEver.toFixed(0)} ms   (pdf.js fetched too)`);
  line('click to page 1 shown, first open', `${figures(cold)}   (goal: under 800 ms)`);
  line('  of which the PDF download (resource timing)', figures(downloads));
  line('click to page 1 shown, kept on this device', `${figures(warm)}   (goal: under 800 ms)`);

  // Jumps typed into the page box. Each run first goes to pages elsewhere (themselves real jumps, to pages not drawn
  // before), until page 250 has been let go, then jumps to it.
  const pageBox = page.getByRole('region', { name: /^PDF: / }).getByRole('textbox', { name: 'Page' });
  const jumpTo = async (pageNumber: number) => {
    await startClockAt(page, 'input');
    await pageBox.fill(String(pageNumber));
    return untilShown(page, pageNumber, false);
  };
  const toTarget: number[] = [];
  const elsewhere: number[] = [];
  // Pages 7 apart from page 10 on, wrapping before page 240: each long since let go when it comes round again.
  const awayPage = () => 10 + ((elsewhere.length * 7) % (JUMP_TARGET - 20));
  for (let run = 0; run < runs; run += 1) {
    // At least one: the page box must change for the viewer to move.
    for (let tries = 0; tries < 20 && (tries === 0 || (await hasText(page, JUMP_TARGET))); tries += 1) elsewhere.push(await jumpTo(awayPage()));
    toTarget.push(await jumpTo(JUMP_TARGET));
  }
  line(`jump to page ${JUMP_TARGET}, text shown`, `${figures(toTarget)}   (goal: under 300 ms)`);
  line('jumps to other pages not drawn before', `${figures(elsewhere)}   (${elsewhere.length} jumps)`);

  // The heap in a new tab (so the garbage of the runs above is not counted), the bytes kept on the device.
  await page.close();
  const heapPage = await context.newPage();
  const cdp = await context.newCDPSession(heapPage);
  const workerHeaps = await watchWorkers(cdp);
  await heapPage.goto(resourceUrl);
  const heapFileButton = heapPage.getByRole('button', { name: FILE_NAME, exact: true });
  await heapFileButton.waitFor({ timeout: WAIT_MS });
  const beforeOpening = await pageHeap(cdp);
  await startClockAt(heapPage, 'click');
  await heapFileButton.click();
  await untilShown(heapPage, 1, true);
  const afterOpening = await pageHeap(cdp);
  const workersAfterOpening = await workerHeaps();
  const scrolled = await heapPage.evaluate(scrollThrough);
  const afterScrolling = await pageHeap(cdp);
  const workersAfterScrolling = await workerHeaps();
  // Canvas pixels live outside the JS heap: 4 bytes each, counted apart.
  const canvasesLeft = await heapPage.evaluate(() => {
    const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>('.pdfViewer canvas'));
    return { count: canvases.length, bytes: canvases.reduce((sum, canvas) => sum + canvas.width * canvas.height * 4, 0) };
  });
  line(
    'JS heap of the page, after a GC',
    `before opening ${mb(beforeOpening)}, after opening ${mb(afterOpening)}, after scrolling all ${PAGES} pages ${mb(afterScrolling)}   (goal: heap under 200 MB)`,
  );
  line(
    `JS heap of the pdf.js worker (${workersAfterScrolling.length} found)`,
    `after opening ${workersAfterOpening.map(mb).join(' + ') || '-'}, after scrolling ${workersAfterScrolling.map(mb).join(' + ') || '-'}`,
  );
  line(
    `scrolled through in ${scrolled.steps} steps`,
    `${(scrolled.ms / 1000).toFixed(1)} s; canvases at the end ${canvasesLeft.count}, ${mb(canvasesLeft.bytes)} of pixels (most at once ${scrolled.mostCanvases}); ` +
      `pages in view that never showed text: ${scrolled.missing.join(', ') || 'none'}`,
  );
  await shot(heapPage, 'bench-pdf-after-scrolling');
} finally {
  await browser.close();
  await runtime.stop();
}
