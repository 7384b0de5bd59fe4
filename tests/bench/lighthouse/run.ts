// Lighthouse (mobile) on Login, Home, Panel and a patient: `npm run build -w web && npm run bench:lighthouse [-- --runs 3]`.
// Prints the performance and accessibility scores with FCP, LCP, TBT and CLS beside the aims (issue 19: performance
// >= 95, accessibility 100), and what Lighthouse found wrong; asserts nothing. Each page is measured `--runs` times and
// the run with the median performance score is shown: on a shared machine the performance score is noisy.
//
// Through a real local runtime serving the built bundle (WEB_DIST_DIR, default web/dist) and the Debian Chromium,
// with Lighthouse's default mobile settings (a phone's screen, simulated slow 4G and a 4x slower CPU).
//
// The signed-in pages need the session Amplify keeps in the page's localStorage. So one Chromium runs with a remote
// debugging port and a persistent profile: Playwright signs in on it (password and TOTP code, as a clinician does),
// then Lighthouse connects to the same browser by its port and opens its own tab in that profile. Before each page
// Lighthouse clears the HTTP cache, the service worker, Cache Storage and IndexedDB (the persisted query cache), but
// not localStorage, where the session is: each run is a cold load of the app by a signed-in user, with nothing of the
// last run's data. Login is measured first, before anyone signs in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { api } from '../../harness/api';
import { freePort, startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { signIn } from '../../harness/web';
import { realisticPatient, seedPanel } from '../panel/panel-seed';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, patients: { type: 'string', default: '30' }, 'report-dir': { type: 'string' } },
});
const runs = Number(values.runs);
const panelSize = Number(values.patients);
/**
 * `--report-dir DIR` keeps each run's full Lighthouse report (JSON) there, to read the opportunities and diagnostics,
 * and its trace (`.trace.json`, for the Performance panel of Chrome's DevTools) to see what the main thread did.
 */
const reportDir = values['report-dir'];
if (reportDir) mkdirSync(reportDir, { recursive: true });

const AIM = { performance: 95, accessibility: 100 };

/** Lighthouse's defaults (mobile), clearing IndexedDB too: see the header. */
const CONFIG: Parameters<typeof lighthouse>[2] = {
  extends: 'lighthouse:default',
  settings: { clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb'] },
};

interface Result {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits that cost points: accessibility failures and performance findings. */
  findings: string[];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const measure = async (url: string, port: number, reportName: string): Promise<Result> => {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, CONFIG);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportDir) {
    writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
    writeFileSync(path.join(reportDir, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: 'performance' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = (category: 'performance' | 'accessibility') =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id]!)
      .filter((found) => found.score !== null && found.score < 0.9 && found.scoreDisplayMode !== 'informative' && found.scoreDisplayMode !== 'notApplicable')
      .map((found) => `${category === 'accessibility' ? 'a11y' : 'perf'} ${found.id}${found.displayValue ? ` (${found.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    findings: [...failing('accessibility'), ...failing('performance')],
  };
};

/** The run with the median performance score of `runs` runs. */
const medianRun = async (page: string, url: string, port: number): Promise<Result & { scores: number[] }> => {
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await measure(url, port, `${page.toLowerCase()}-${run + 1}`));
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, scores: results.map((r) => r.performance) };
};

const row = (page: string, r: Result & { scores: number[] }) =>
  `${page.padEnd(8)} ${String(r.performance).padStart(5)} ${`(${r.scores.join(', ')})`.padEnd(14)} ${String(r.accessibility).padStart(5)}` +
  `  ${(r.fcp / 1000).toFixed(2).padStart(6)} s ${(r.lcp / 1000).toFixed(2).padStart(6)} s ${Math.round(r.tbt).toString().padStart(6)} ms ${r.cls.toFixed(3).padStart(7)}`;

console.log(`load average before: ${loadAverage()}`);
const runtime = await startRuntime();
const debuggingPort = await freePort();
const profile = mkdtempSync(path.join(os.tmpdir(), 'chartside-lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${debuggingPort}`],
});
try {
  const user = await createUser(runtime);
  const asUser = api(runtime, await signedIn(runtime, user));
  const panel = Array.from({ length: panelSize }, (_, i) => realisticPatient(i));
  await seedPanel(asUser, panel);

  const results: [string, Result & { scores: number[] }][] = [];
  results.push(['Login', await medianRun('Login', `${runtime.url}/login`, debuggingPort)]);
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, runtime.url, user);
  await page.goto('about:blank');
  results.push(['Home', await medianRun('Home', `${runtime.url}/`, debuggingPort)]);
  results.push(['Panel', await medianRun('Panel', `${runtime.url}/panel`, debuggingPort)]);
  results.push(['Patient', await medianRun('Patient', `${runtime.url}/panel/${panel[0]!.id}`, debuggingPort)]);

  console.log(
    `\nLighthouse ${runs} run(s) per page, mobile (simulated slow 4G, 4x CPU), through the local runtime; ${panelSize} patients on the panel. ` +
      `Aims: performance >= ${AIM.performance}, accessibility ${AIM.accessibility}.`,
  );
  console.log(`${'page'.padEnd(8)} ${'perf'.padStart(5)} ${'(each run)'.padEnd(14)} ${'a11y'.padStart(5)}  ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(9)} ${'CLS'.padStart(7)}`);
  for (const [name, result] of results) console.log(row(name, result));
  for (const [name, result] of results) if (result.findings.length) console.log(`${name}: ${result.findings.join('; ')}`);
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await context.close();
  await runtime.stop();
  rmSync(profile, { recursive: true, force: true });
}
