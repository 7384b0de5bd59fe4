// The patient panel in Chromium: `npm run build -w web && npm run bench:panel [-- --patients 500 --runs 7 --autosaves 8]`.
// Prints figures (p50/p95 over the runs) beside the aims; asserts nothing. Through a real local runtime serving web/dist
// and real Chromium, signed in as a clinician with a panel of realistic patients (panel-seed.ts), one of which shows
// every note section with realistic text.
//
// What is measured, all with the page's own clock (performance.now(), 0 at navigation start):
// - the list API: the resource timing of the page's GET /api/patients, and when the page sent it;
// - the panel: from navigation start to the frame that painted the first patient card, and the one that painted all of
//   them, with no persisted query cache (the list comes from the API) and with it (what a returning clinician sees);
//   and the render alone: from a click on the Panel link elsewhere in the app (the list in memory) to all cards painted;
// - the patient screen: from the click on the card (and, separately, from a full page load) to the frame that painted
//   every section's editor (found by its accessible name, the section title) showing that section's text;
// - the autosave: the resource timing of the PATCH the page sends after typing, and from the last keystroke to 'Saved'
//   (which includes the 2 s autosave delay);
// - typing: from each key event to the frame after it, typed at a brisk pace into one section of the 40;
// - the JS heap after the panel and the big patient are open (CDP's heap usage before and after a GC, and
//   performance.memory, which Chromium rounds).
// "Painted" is the frame after the DOM change: the check runs in a requestAnimationFrame callback, and the time is
// taken in a task queued from it, which runs once that frame has been produced.
// The page.evaluate and init-script callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { parseArgs } from 'node:util';
import { patientSections, sectionTitle } from '@chartside/shared';
import type { Page } from 'playwright-core';
import { api } from '../../harness/api';
import { launchBrowser } from '../../harness/browser';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { newContext, QUERY_CACHE, shot, signIn, untilPersisted } from '../../harness/web';
import { everySectionPatient, markerOf, printLine, realisticPatient, seedPanel, timed } from './panel-seed';

const { values } = parseArgs({
  options: { patients: { type: 'string', default: '500' }, runs: { type: 'string', default: '7' }, autosaves: { type: 'string', default: '8' } },
});
const panelSize = Number(values.patients);
const runs = Number(values.runs);
const autosaves = Number(values.autosaves);

/** How the panel's list query shows in the persisted cache: its key (web/src/features/panel/queries.ts). */
const PERSISTED_LIST = JSON.stringify(['patients', 'list']);
const AUTOSAVE_DELAY_MS = 2_000;
const WAIT_MS = 60_000;
const WARM_UP_LISTS = 40;

interface BenchWatch {
  /** Names of the figures taken, in ms since `origin`. */
  marks: Record<string, number>;
  origin: number;
  restart(): void;
  /** For each key pressed, the time from the key event to the frame after it, which shows the typed character. */
  keyToPaint: number[];
}
declare global {
  interface Window {
    bench: BenchWatch;
  }
}

/**
 * Installed in every document before the app runs: watches the DOM once per frame and marks the first frame in which
 * the first card, all the cards, and every section's text are painted.
 */
const installWatch = ({ cards, sections }: { cards: number; sections: { title: string; marker: string }[] }) => {
  const bench: BenchWatch = {
    marks: {},
    origin: 0,
    restart() {
      bench.marks = {};
      bench.origin = performance.now();
    },
    keyToPaint: [],
  };
  window.bench = bench;
  addEventListener(
    'keydown',
    (event) => requestAnimationFrame(() => setTimeout(() => bench.keyToPaint.push(performance.now() - event.timeStamp), 0)),
    { capture: true },
  );
  const pending = new Set<string>();
  const markPainted = (name: string) => {
    if (name in bench.marks || pending.has(name)) return;
    pending.add(name);
    setTimeout(() => {
      pending.delete(name);
      bench.marks[name] ??= performance.now() - bench.origin;
    }, 0);
  };
  const sectionsShown = () => {
    const texts = new Map<string, string>();
    // Joined per name: a sidebar editor may share a section's title (Follow-up).
    for (const editor of Array.from(document.querySelectorAll('[role="textbox"][aria-label]'))) {
      const label = editor.getAttribute('aria-label') ?? '';
      texts.set(label, `${texts.get(label) ?? ''}${editor.textContent ?? ''}`);
    }
    return sections.every(({ title, marker }) => texts.get(title)?.includes(marker) ?? false);
  };
  let scheduled = false;
  const check = () => {
    scheduled = false;
    const shown = document.querySelectorAll('ul[aria-label="Patients"] > li').length;
    if (shown > 0) markPainted('firstCard');
    if (shown >= cards) markPainted('allCards');
    if (location.pathname.startsWith('/panel/') && sectionsShown()) markPainted('sections');
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

/** The clock starts at the click itself, not before the checks Playwright makes before it clicks (75-175 ms here). */
const startClockAtNextClick = (page: Page) => page.evaluate(() => addEventListener('click', () => window.bench.restart(), { capture: true, once: true }));

/** Waits for a figure; when it never comes, says where the page stands (and keeps a screenshot of it). */
const mark = async (page: Page, name: string): Promise<number> => {
  try {
    const handle = await page.waitForFunction((key) => window.bench.marks[key], name, { timeout: WAIT_MS });
    return (await handle.jsonValue()) as number;
  } catch (error) {
    await shot(page, `bench-no-${name}`);
    const state = await page.evaluate(() => ({ url: location.href, marks: window.bench?.marks, cards: document.querySelectorAll('ul[aria-label="Patients"] > li').length }));
    throw new Error(`no '${name}' figure: ${JSON.stringify(state)}`, { cause: error });
  }
};

/** The duration of the page's first request to `path` since `startedAfter` (resource timing), and when it started and ended. */
const resourceTiming = (page: Page, path: string, startedAfter = 0) =>
  page.evaluate(
    ({ path, startedAfter }) => {
      const entries = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === path && entry.startTime >= startedAfter) as PerformanceResourceTiming[];
      const entry = entries[0];
      return entry ? { duration: entry.duration, startTime: entry.startTime, responseEnd: entry.responseEnd } : undefined;
    },
    { path, startedAfter },
  );

/** Forgets the persisted query cache, on a same-origin page without the app (so no connection holds the database). */
const clearQueryCache = async (page: Page, origin: string) => {
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(new Error(`could not delete ${name}`));
        request.onblocked = () => reject(new Error(`${name} is still open`));
      }),
    QUERY_CACHE[0],
  );
};

/**
 * In the page, right after typing: when the save status next reads 'Saved' after having read something else (it may
 * still show the last save's 'Saved' for a frame), painted. Resolves with that time and the time it started.
 */
const untilSaved = () =>
  new Promise<{ typedAt: number; savedAt: number }>((resolve) => {
    const typedAt = performance.now();
    const saved = () => Array.from(document.querySelectorAll('[role="status"]')).some((status) => status.textContent?.trim() === 'Saved');
    let seenUnsaved = !saved();
    const observer = new MutationObserver(() => {
      if (!saved()) seenUnsaved = true;
      else if (seenUnsaved) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve({ typedAt, savedAt: performance.now() }), 0));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });

const aim = (ms: number) => `   aim < ${ms} ms`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

const runtime = await startRuntime();
const browser = await launchBrowser();
try {
  const user = await createUser(runtime);
  const asUser = api(runtime, await signedIn(runtime, user));
  const panel = Array.from({ length: panelSize }, (_, i) => realisticPatient(i));
  const big = everySectionPatient(panel[1]!);
  panel[1] = big;
  const seconds = await seedPanel(asUser, panel);
  const bigBytes = new TextEncoder().encode(JSON.stringify(big)).length;
  console.log(
    `patient panel in Chromium, through the local runtime: ${panelSize} patients seeded by import in ${seconds.toFixed(1)} s; ` +
      `the every-section patient has ${patientSections.length} sections, ${(bigBytes / 1_000).toFixed(0)} KB. ${runs} runs each.`,
  );

  const context = await newContext(browser);
  // tsx compiles this file keeping function names (`__name(fn, 'fn')`); the callbacks sent to the page need it there too.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(installWatch, { cards: panelSize, sections: patientSections.map((section) => ({ title: sectionTitle(section), marker: markerOf(section) })) });
  const page = await context.newPage();
  await signIn(page, runtime.url, user);

  // A runtime that has been serving for a while: DynamoDB Local's JIT takes a few dozen lists to compile its query path
  // (the first list costs it twice the CPU of the fortieth), and this measures the page, not that warm-up.
  for (let call = 0; call < WARM_UP_LISTS; call += 1) await asUser('GET', '/patients');
  const nodeLists: number[] = [];
  for (let run = 0; run < runs; run += 1) nodeLists.push((await timed(() => asUser('GET', '/patients'))).ms);

  const listCalls: number[] = [];
  const listStarts: number[] = [];
  const coldFirst: number[] = [];
  const coldAll: number[] = [];
  const listToCard: number[] = [];
  const warmFirst: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await clearQueryCache(page, runtime.url);
    await page.goto(`${runtime.url}/panel`);
    coldFirst.push(await mark(page, 'firstCard'));
    coldAll.push(await mark(page, 'allCards'));
    const list = await resourceTiming(page, '/api/patients');
    if (list) {
      listCalls.push(list.duration);
      listStarts.push(list.startTime);
      listToCard.push(coldFirst.at(-1)! - list.responseEnd);
    }
    // The same again with the cache this visit persisted (a load before its throttled write would cut it off).
    await untilPersisted(page, PERSISTED_LIST, WAIT_MS);
    await page.goto(`${runtime.url}/panel`);
    warmFirst.push(await mark(page, 'firstCard'));
  }
  // The render alone: back to the panel from another page of the app, the list already in memory.
  const inApp: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.getByRole('link', { name: 'Feed', exact: true }).click();
    // The URL changes before the next page has loaded: wait until the cards are really gone.
    await page.locator('ul[aria-label="Patients"]').waitFor({ state: 'detached', timeout: WAIT_MS });
    await startClockAtNextClick(page);
    await page.getByRole('link', { name: 'Panel', exact: true }).click();
    inApp.push(await mark(page, 'allCards'));
  }
  printLine('list API from the page (GET /api/patients)', listCalls, `   (from Node: p50 ${[...nodeLists].sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(1)} ms)`);
  printLine('panel: page load to the list request sent, no cache', listStarts);
  printLine('panel: page load to first card painted, no cache', coldFirst, aim(300));
  printLine('panel: list response to first card painted', listToCard);
  printLine(`panel: page load to all ${panelSize} cards painted`, coldAll);
  printLine('panel: page load to first card, persisted cache', warmFirst, aim(300));
  printLine(`panel: in-app link to all ${panelSize} cards painted`, inApp, aim(300));

  const cardLink = page.getByRole('link', { name: 'Bench, Every Section' });
  const opens: number[] = [];
  const loads: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await clearQueryCache(page, runtime.url);
    await page.goto(`${runtime.url}/panel`);
    await mark(page, 'allCards');
    await startClockAtNextClick(page);
    await cardLink.click();
    opens.push(await mark(page, 'sections'));
    await page.reload();
    loads.push(await mark(page, 'sections'));
  }
  printLine(`patient screen: card click to ${patientSections.length} sections painted`, opens, aim(300));
  printLine('patient screen: page load to every section painted', loads);
  await shot(page, 'bench-patient-every-section');

  // The autosave, typed into the Events section of the every-section patient as a clinician would.
  const patchPath = `/api/patients/${big.id}`;
  const events = page.getByRole('textbox', { name: sectionTitle('events') });
  const patches: number[] = [];
  const typedToSaved: number[] = [];
  for (let run = 0; run < autosaves; run += 1) {
    await events.click();
    await page.keyboard.press('End');
    const patched = page.waitForResponse((response) => new URL(response.url()).pathname === patchPath && response.request().method() === 'PATCH', { timeout: WAIT_MS });
    await page.keyboard.type(` bench ${run}`);
    const [response, { typedAt, savedAt }] = await Promise.all([patched, page.evaluate(untilSaved)]);
    if (response.status() !== 200) throw new Error(`the autosave answered ${response.status()}: ${await response.text()}`);
    typedToSaved.push(savedAt - typedAt);
    const timing = await resourceTiming(page, patchPath, typedAt);
    if (timing) patches.push(timing.duration);
  }
  printLine('autosave: PATCH round trip from the page', patches, aim(50));
  printLine('autosave: last keystroke to Saved', typedToSaved, `   (includes the ${AUTOSAVE_DELAY_MS / 1000} s delay)`);

  // Typing at a brisk clinician's pace (about 12 keys a second) into one section of the 40.
  await events.click();
  await page.keyboard.press('End');
  await page.evaluate(() => (window.bench.keyToPaint = []));
  await page.keyboard.type(' Typed one key at a time, at a brisk pace, to see each character appear.', { delay: 80 });
  printLine('typing: key pressed to its character painted', await page.evaluate(() => window.bench.keyToPaint));

  // The heap with the panel and then the every-section patient opened in the same document, in a new tab (so the
  // garbage of the runs above is not counted).
  await page.close();
  const heapPage = await context.newPage();
  await heapPage.goto(`${runtime.url}/panel`);
  await mark(heapPage, 'allCards');
  await heapPage.evaluate(() => window.bench.restart());
  await heapPage.getByRole('link', { name: 'Bench, Every Section' }).click();
  await mark(heapPage, 'sections');
  const reported = await heapPage.evaluate(() => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN);
  const cdp = await context.newCDPSession(heapPage);
  const before = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  console.log(
    `${'JS heap, panel then the every-section patient'.padEnd(52)} ${mb(before.usedSize)} used, ${mb(after.usedSize)} after a GC (CDP); ` +
      `performance.memory ${mb(reported)}   aim < 100 MB`,
  );
} finally {
  await browser.close();
  await runtime.stop();
}
