// Autosaves while DynamoDB throttles or answers too late, through a fault proxy in front of DynamoDB Local: a few
// throttled tries are absorbed by the SDK's retries; past them the API answers 503 (never 500), the page says the
// service is busy and tries again by itself, and once the table answers the record holds what was typed, once. Late
// writes (requests the SDK gave up on, reaching the table afterwards) change nothing of that.
// Own runtime: its API's table goes through the proxy, with a short SDK timeout (DYNAMODB_TIMEOUT_MS) for the slow table.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { openPatient, openResourceForEditing, patientEditor, recordsApi, resourceEditor, saved, typeAtEnd } from '../harness/autosave-records';
import { launchBrowser } from '../harness/browser';
import type { Fault } from '../harness/dynamodb-fault-proxy';
import { startFaultRuntime, type FaultRuntime } from '../harness/fault-runtime';
import { createUser, signedIn } from '../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../harness/web';

const DYNAMODB_TIMEOUT_MS = 2_000;
const BUSY_STATUS = 'Not saved: The service is busy right now. Try again in a moment.';

let runtime: FaultRuntime;
let browser: Browser;
let page: Page;
let records: ReturnType<typeof recordsApi>;

beforeAll(async () => {
  [runtime, browser] = await Promise.all([startFaultRuntime({ dynamodbTimeoutMs: DYNAMODB_TIMEOUT_MS }), launchBrowser()]);
  const user = await createUser(runtime.current());
  records = recordsApi(api(runtime, await signedIn(runtime, user)));
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.close();
});

/** The statuses the API answered the page's saves of record `id` with, in order. */
const saveAnswers = (id: string) => {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH' && response.url().endsWith(`/${id}`)) statuses.push(response.status());
  });
  return statuses;
};

/** Faults the writes of record `id` (its transactions) while `on()`; the rest of the runtime's requests pass. */
const faultWritesOf = (id: string, fault: Fault, on: () => boolean = () => true) =>
  runtime.proxy.setRule(({ operation, body }) => (operation === 'TransactWriteItems' && body.includes(id) && on() ? fault : undefined));

describe('a throttled table', () => {
  it("a save throttled twice lands on the SDK's own retries: one answer, 200, the text stored once", async () => {
    const id = await records.createPatient('Throttled');
    const answers = saveAnswers(id);
    let throttles = 2;
    faultWritesOf(id, { kind: 'throttle', error: 'ProvisionedThroughputExceededException' }, () => throttles-- > 0);
    await openPatient(page, runtime.url, id);
    await typeAtEnd(page, patientEditor(page, 'events'), 'Afebrile overnight.');
    await saved(page);
    expect(answers).toEqual([200]);
    expect(runtime.proxy.faulted.filter((f) => f.fault === 'throttle')).toHaveLength(2);
    expect(await records.patientText(id, 'events')).toBe('Afebrile overnight.');
  });

  it('throttled past the retries: 503 and a busy message, tried again by itself, stored once when the table recovers', async () => {
    const id = await records.createPatient('Overloaded');
    const answers = saveAnswers(id);
    let throttling = true;
    faultWritesOf(id, { kind: 'throttle', error: 'ThrottlingException' }, () => throttling);
    await openPatient(page, runtime.url, id);
    await typeAtEnd(page, patientEditor(page, 'events'), 'Lactate 4.1, fluids started.');
    await page.getByText(BUSY_STATUS).waitFor({ timeout: 30_000 });
    await shot(page, 'autosave-storage-throttled');
    expect(answers[0]).toBe(503);
    throttling = false;
    await saved(page);
    expect(await records.patientText(id, 'events')).toBe('Lactate 4.1, fluids started.');
    expect(answers.at(-1)).toBe(200);
    expect(answers.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});

describe('a table that answers too late', () => {
  it('503 after the SDK gives up; its late writes land or fail their version check; the section holds the text once', async () => {
    const id = await records.createResource('Slow table protocol');
    const answers = saveAnswers(id);
    let slow = true;
    faultWritesOf(id, { kind: 'delay', ms: DYNAMODB_TIMEOUT_MS + 1_000 }, () => slow);
    await openResourceForEditing(page, runtime.url, id);
    await typeAtEnd(page, resourceEditor(page, 1), 'Check the potassium first.');
    await page.getByText(BUSY_STATUS).waitFor({ timeout: 45_000 });
    await shot(page, 'autosave-storage-slow', true); // the whole page: the save status sits at its top
    expect(answers[0]).toBe(503);
    // More typing while the table is slow waits with the rest.
    await typeAtEnd(page, resourceEditor(page, 1), ' Then the magnesium.');
    slow = false;
    await expect.poll(() => records.resourceTexts(id), { timeout: 45_000 }).toEqual(['Check the potassium first. Then the magnesium.']);
    await saved(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(answers.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});
