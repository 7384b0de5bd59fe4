// The runtime dies (SIGKILL, with its emulators: a crashed machine) while an autosave is on its way, and is started
// again on the same data and port. A patient's save reached the table but its answer was lost; a resource's save never
// reached it. Either way, once the runtime is back, the record holds exactly what was typed (before the crash and while
// the server was away), nothing twice, with no conflict to resolve; meanwhile the page said the server was away.
// Own runtime (it is killed), with a fault proxy in front of DynamoDB Local to catch the save in flight.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import {
  openPatient,
  openResourceForEditing,
  patientEditor,
  recordsApi,
  resourceEditor,
  saved,
  typeAtEnd,
} from '../harness/autosave-records';
import { launchBrowser } from '../harness/browser';
import { startFaultRuntime, type FaultRuntime } from '../harness/fault-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../harness/web';

const OFFLINE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';

let runtime: FaultRuntime;
let browser: Browser;
let user: TestUser;
let context: BrowserContext;

/** A fresh API client: each runtime is asked as itself. */
const records = async () => recordsApi(api(runtime, await signedIn(runtime, user)));

beforeAll(async () => {
  [runtime, browser] = await Promise.all([startFaultRuntime(), launchBrowser()]);
  user = await createUser(runtime.current());
  context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.close();
});

/** What a page asks the API from now on, with when, for the story when a save does not come. */
const apiCallsOf = (page: Page) => {
  const started = Date.now();
  const lines: string[] = [];
  const line = (text: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${text}`);
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('response', (response) => {
    if (isApi(response.url())) line(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (isApi(request.url())) line(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
  });
  return { mark: line, story: () => lines.join('\n') };
};

/** The page says the server is away, and that the edits wait on this device. */
const saysServerAway = async (page: Page) => {
  await page.getByText("You're offline").waitFor({ timeout: 20_000 });
  await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 20_000 });
};

describe('the runtime killed in the middle of autosaves', () => {
  // Guards, not measures: a restart under the suite's load took a minute, and the pages find the server back by a probe
  // that backs off to 15 s.
  it('a patient save the table applied (its answer lost) and a resource save that never reached it: after the restart each holds what was typed, once', { timeout: 240_000 }, async () => {
    const before = await records();
    const [patientId, resourceId] = await Promise.all([before.createPatient('Crash'), before.createResource('Crash protocol')]);
    // Two tabs of one browser: the patient's and the resource's screens.
    const [patientPage, resourcePage] = await Promise.all([context.newPage(), context.newPage()]);
    await openPatient(patientPage, runtime.url, patientId);
    await openResourceForEditing(resourcePage, runtime.url, resourceId);
    const events = patientEditor(patientPage, 'events');
    const section = resourceEditor(resourcePage, 1);

    // Each save (its one transaction) is caught in the proxy; the runtime is killed while both wait there.
    runtime.proxy.setRule(({ operation, body }) => {
      if (operation !== 'TransactWriteItems') return undefined;
      if (body.includes(patientId)) return { kind: 'hold', applied: true };
      if (body.includes(resourceId)) return { kind: 'hold', applied: false };
      return undefined;
    });
    await typeAtEnd(patientPage, events, 'Seen at the bedside.');
    await typeAtEnd(resourcePage, section, 'Step one: call the registrar.');
    await expect.poll(() => runtime.proxy.held(), { timeout: 20_000 }).toBe(2);
    const patientWire = apiCallsOf(patientPage);

    await runtime.crashAndRestart(async () => {
      runtime.proxy.setRule(undefined);
      // The saves failed for want of the server: each page says so, and what is typed now waits with them.
      await saysServerAway(patientPage);
      await saysServerAway(resourcePage);
      await typeAtEnd(patientPage, events, ' Typed while the server was down.');
      await typeAtEnd(resourcePage, section, ' Step two: page the consultant.');
      await patientPage.getByText(OFFLINE_STATUS).waitFor({ timeout: 20_000 });
      await shot(patientPage, 'autosave-crash-patient-offline');
      await shot(resourcePage, 'autosave-crash-resource-offline', true);
    });

    const after = await records();
    patientWire.mark('runtime back');
    await expect
      .poll(() => after.patientText(patientId, 'events'), { timeout: 90_000 })
      .toBe('Seen at the bedside. Typed while the server was down.')
      .catch(async (error: unknown) => {
        console.log(`The patient's page after the crash (its save status: ${await patientPage.getByRole('status').allInnerTexts()}):\n${patientWire.story()}`);
        throw error;
      });
    await expect.poll(() => after.resourceTexts(resourceId), { timeout: 90_000 }).toEqual(['Step one: call the registrar. Step two: page the consultant.']);
    for (const page of [patientPage, resourcePage]) {
      await saved(page);
      // My own save that landed unanswered is no conflict to resolve.
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    expect(await events.innerText()).toBe('Seen at the bedside. Typed while the server was down.');
  });
});
