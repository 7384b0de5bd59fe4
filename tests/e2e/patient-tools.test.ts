// The patient screen's tools in Chromium against the real runtime: the Note Templates dialog (create, reorder by mouse
// and keyboard, show a template, Current View, delete), the Content Extraction drawer (Regex on realistic assessment-
// and-plan text, edit, drag, Prepend and Append into the assessment; Enhanced and Local model through the model double), and the
// time-tracker bar (counts, switches, stops, and resumes after a reload with the saved time).
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionTitle, type AssessmentData, type Patient, type PatientSection, type TimeTracking } from '@chartside/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { dragByMouse, keyboardSensorListening } from '../harness/drag';
import { sharedModel } from '../harness/shared-model';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
const model = sharedModel();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let page: Page;
let patientId: string;

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};

const getPatient = async () => (await call('GET', `/patients/${patientId}`)) as unknown as Patient;

const existingProblem = { id: 'ckd', problem: 'CKD stage 3a', assessment: 'Cr 1.4 at baseline', plan: '- Renally dose meds' };

const assessmentAndPlan = `72M with HFrEF (EF 25%), T2DM and CKD 3a admitted with 2 weeks of worsening dyspnea.

Assessment and plan:
#1 Acute on chronic HFrEF exacerbation
Volume overloaded on exam, BNP 1450, CXR with pulmonary edema.
- IV furosemide 40 mg BID, goal net negative 1 L/day
- Daily weights, strict I/O, fluid restriction 1.5 L
#2 Hypokalemia
- Replete K to goal > 4, Mg > 2
#3 T2DM
- Hold metformin while inpatient
- Lispro sliding scale, A1c in AM`;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  const created = (await call('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze', dob: '1952-03-14', room: '10A' })) as unknown as Patient;
  patientId = created.id;
  await call('PATCH', `/patients/${patientId}`, {
    version: created.version,
    visibleFields: ['subjective', 'vitals', 'assessment'],
    fields: { assessment: { deltaString: '', data: { problems: [existingProblem] }, expanded: true } },
  });
  const me = (await call('GET', '/me')) as { version: number };
  await call('PATCH', '/me', { version: me.version, showTimeTracker: true, showTimeTrackerTimes: true });
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const openPatient = async (p: Page) => {
  await p.goto(`${runtime.url}/panel/${patientId}`);
  await p.getByRole('button', { name: 'Note Templates' }).waitFor({ timeout: 20_000 });
};

/** The note sections the screen shows, in order. */
const shownSections = (p: Page) => p.locator('section[data-section]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-section')));

/** Waits for the open dialog's or drawer's fade-in to finish, so its screenshot shows it as the user reads it. */
const dialogSettled = (p: Page) =>
  p.waitForFunction(() => Array.from(document.querySelectorAll('[role=dialog]')).every((dialog) => getComputedStyle(dialog).opacity === '1'));

/** What dnd-kit's live regions (one per sortable list on the page) announce now. */
const announced = (p: Page) => p.locator('[id^=DndLiveRegion]').allTextContents();

const titles = (sections: PatientSection[]) => sections.map(sectionTitle);

describe('Note Templates', () => {
  const dialog = (p: Page) => p.getByRole('dialog', { name: 'Note Templates' });
  const selected = (p: Page) => dialog(p).getByRole('list', { name: 'Selected Fields' }).getByRole('button', { name: /^Remove / }).allTextContents();
  const templateButtons = (p: Page) => dialog(p).getByRole('group', { name: 'Show a template' }).getByRole('button').allTextContents();

  it('creates templates from a selection ordered by click, mouse and keyboard, shows one on the patient, and deletes one', async () => {
    await openPatient(page);
    await expect.poll(() => shownSections(page)).toEqual(['subjective', 'vitals', 'assessment']);
    await page.getByRole('button', { name: 'Note Templates' }).click();
    await dialog(page).waitFor();
    await expect.poll(() => templateButtons(page)).toEqual(['Current View']);
    await expect.poll(() => selected(page)).toEqual(titles(['subjective', 'vitals', 'assessment']));

    // Click: Labs from the search, Vitals out.
    await dialog(page).getByRole('textbox', { name: 'Search Name' }).fill('lab');
    await dialog(page).getByRole('button', { name: `Add ${sectionTitle('labs')}` }).click();
    await dialog(page).getByRole('button', { name: 'Remove Vitals' }).click();
    await expect.poll(() => selected(page)).toEqual(titles(['subjective', 'assessment', 'labs']));
    // Mouse: Labs onto Subjective's place.
    await dragByMouse(page, dialog(page).getByRole('button', { name: `Move ${sectionTitle('labs')}`, exact: true }), dialog(page).getByRole('button', { name: 'Move Subjective', exact: true }));
    await expect.poll(() => selected(page)).toEqual(titles(['labs', 'subjective', 'assessment']));
    // Keyboard: Space lifts Assessment, ArrowUp, Space drops; each key once dnd-kit has announced the step before.
    const assessment = sectionTitle('assessment');
    await dialog(page).getByRole('button', { name: `Move ${assessment}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page)).toContainEqual(expect.stringMatching(new RegExp(`^(Picked up ${assessment}|${assessment} moved to position 3 of 3)`)));
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => announced(page)).toContain(`${assessment} moved to position 2 of 3.`);
    await page.keyboard.press('Space');
    await expect.poll(() => selected(page)).toEqual(titles(['labs', 'assessment', 'subjective']));

    const add = dialog(page).getByRole('button', { name: 'Add New Template' });
    expect(await add.isDisabled()).toBe(true);
    await dialog(page).getByRole('textbox', { name: 'New Template Name' }).fill('ICU Rounds');
    await add.click();
    await expect.poll(() => templateButtons(page)).toEqual(['Current View', 'ICU Rounds']);
    await dialog(page).getByRole('textbox', { name: 'New Template Name' }).fill('icu rounds');
    await dialog(page).getByText("A template named 'icu rounds' already exists.").waitFor();
    expect(await add.isDisabled()).toBe(true);

    await dialog(page).getByRole('textbox', { name: 'New Template Name' }).fill('Clinic');
    await dialog(page).getByRole('textbox', { name: 'Search Name' }).fill('hpi');
    await dialog(page).getByRole('button', { name: `Add ${sectionTitle('hpi')}` }).click();
    await add.click();
    await expect.poll(() => templateButtons(page)).toEqual(['Current View', 'ICU Rounds', 'Clinic']);
    await dialogSettled(page);
    await shot(page, 'patient-note-templates');

    // A template button shows it on the patient at once; Current View is what the patient now shows.
    await dialog(page).getByRole('button', { name: 'ICU Rounds' }).click();
    await expect.poll(() => shownSections(page)).toEqual(['labs', 'assessment', 'subjective']);
    await dialog(page).getByRole('button', { name: 'Clinic' }).click();
    await expect.poll(() => shownSections(page)).toEqual(['labs', 'assessment', 'subjective', 'hpi']);
    await dialog(page).getByRole('button', { name: 'Remove Labs' }).click();
    await dialog(page).getByRole('button', { name: 'Current View' }).click();
    await expect.poll(() => selected(page)).toEqual(titles(['labs', 'assessment', 'subjective', 'hpi']));

    // Delete Clinic from the Templates column.
    await dialog(page).getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Clinic' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => templateButtons(page)).toEqual(['Current View', 'ICU Rounds']);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    await expect.poll(async () => ((await call('GET', '/me')) as { noteTemplate: unknown }).noteTemplate).toEqual([
      { label: 'ICU Rounds', value: ['labs', 'assessment', 'subjective'] },
    ]);
    await expect.poll(async () => (await getPatient()).visibleFields, { timeout: 15_000 }).toEqual(['labs', 'assessment', 'subjective', 'hpi']);
  });

  it('stacks its columns on a phone', async () => {
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    await openPatient(phone);
    await phone.getByRole('button', { name: 'Note Templates' }).click();
    await dialog(phone).waitFor();
    const [available, chosen] = await Promise.all(['Available Fields', 'Selected Fields'].map((name) => dialog(phone).getByRole('heading', { name }).boundingBox()));
    expect(chosen!.y).toBeGreaterThan(available!.y + 100);
    expect(Math.abs(chosen!.x - available!.x)).toBeLessThan(5);
    await dialogSettled(phone);
    await shot(phone, 'patient-note-templates-phone');
    await phone.context().close();
  });
});

describe('Content Extraction', () => {
  const drawer = (p: Page) => p.getByRole('dialog', { name: 'Content Extraction' });
  const resultNames = (p: Page) =>
    drawer(p)
      .getByRole('list', { name: 'Extracted problems' })
      .getByRole('textbox', { name: /^Problem \d+$/ })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const assessmentProblemNames = (p: Page) =>
    p
      .locator('section[data-section=assessment]')
      .getByRole('textbox', { name: /^Problem \d+$/ })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const savedProblems = async () => ((await getPatient()).fields.assessment?.data as AssessmentData | undefined)?.problems ?? [];

  it('extracts with Regex, edits, drags and removes results, then Prepends and Appends them to the assessment', async () => {
    const me = (await call('GET', '/me')) as { version: number };
    await call('PATCH', '/me', { version: me.version, noteTemplate: [] });
    await openPatient(page);
    await page.getByRole('button', { name: 'Content Extraction' }).click();
    await drawer(page).waitFor();
    expect(await drawer(page).getByRole('combobox', { name: 'Mode' }).inputValue()).toBe('Regex');
    await drawer(page).getByRole('textbox', { name: 'Text to extract from' }).fill(assessmentAndPlan);
    await drawer(page).getByRole('button', { name: 'Extract' }).click();
    await expect.poll(() => resultNames(page)).toEqual(['Acute on chronic HFrEF exacerbation', 'Hypokalemia', 'T2DM']);
    expect(await drawer(page).getByRole('textbox', { name: 'Assessment and plan 1' }).inputValue()).toBe(
      'Volume overloaded on exam, BNP 1450, CXR with pulmonary edema.\n- IV furosemide 40 mg BID, goal net negative 1 L/day\n- Daily weights, strict I/O, fluid restriction 1.5 L',
    );

    await drawer(page).getByRole('textbox', { name: 'Problem 3' }).fill('Type 2 diabetes');
    await dragByMouse(page, drawer(page).getByRole('button', { name: 'Move Type 2 diabetes', exact: true }), drawer(page).getByRole('button', { name: 'Move Acute on chronic HFrEF exacerbation', exact: true }));
    await expect.poll(() => resultNames(page)).toEqual(['Type 2 diabetes', 'Acute on chronic HFrEF exacerbation', 'Hypokalemia']);
    await page.waitForTimeout(300); // the drop animation: rows still moving take no clicks
    await drawer(page).getByRole('button', { name: 'Remove Hypokalemia' }).click();
    await expect.poll(() => resultNames(page)).toEqual(['Type 2 diabetes', 'Acute on chronic HFrEF exacerbation']);
    await dialogSettled(page);
    await shot(page, 'patient-extraction-results');

    await drawer(page).getByRole('button', { name: 'Prepend' }).click();
    await expect.poll(() => assessmentProblemNames(page)).toEqual(['Type 2 diabetes', 'Acute on chronic HFrEF exacerbation', 'CKD stage 3a']);

    // meta/ctrl+Enter runs again; Append adds after what is there.
    await drawer(page).getByRole('textbox', { name: 'Text to extract from' }).fill('#4 Hypokalemia\n- Replete K to goal > 4');
    await drawer(page).getByRole('textbox', { name: 'Text to extract from' }).press('Control+Enter');
    await expect.poll(() => resultNames(page)).toEqual(['Hypokalemia']);
    await drawer(page).getByRole('button', { name: 'Append' }).click();
    const want = ['Type 2 diabetes', 'Acute on chronic HFrEF exacerbation', 'CKD stage 3a', 'Hypokalemia'];
    await expect.poll(() => assessmentProblemNames(page)).toEqual(want);
    await expect.poll(async () => (await savedProblems()).map((p) => p.problem), { timeout: 15_000 }).toEqual(want);
    const saved = await savedProblems();
    expect(saved[1]).toMatchObject({
      assessment: 'Volume overloaded on exam, BNP 1450, CXR with pulmonary edema.',
      plan: '- IV furosemide 40 mg BID, goal net negative 1 L/day\n- Daily weights, strict I/O, fluid restriction 1.5 L',
    });
    expect(saved[2]).toEqual(existingProblem);
  });

  it.each(['Enhanced', 'Local model'])('%s extracts with the model (the model double) and lists what it found', async (mode) => {
    await model.reply(JSON.stringify([{ problem: 'Hypokalemia', assessmentAndPlan: '- Replete K to goal > 4' }]));
    await openPatient(page);
    await page.getByRole('button', { name: 'Content Extraction' }).click();
    await drawer(page).waitFor();
    await drawer(page).getByRole('combobox', { name: 'Mode' }).click();
    await page.getByRole('option', { name: mode, exact: true }).click();
    // The text carries this file's key, so the model double answers it from this file's script.
    await drawer(page).getByRole('textbox', { name: 'Text to extract from' }).fill(`#4 Hypokalemia\n- Replete K to goal > 4\n${model.key}`);
    await drawer(page).getByRole('button', { name: 'Extract' }).click();
    await expect.poll(() => resultNames(page)).toEqual(['Hypokalemia']);
    expect(await drawer(page).getByRole('textbox', { name: 'Assessment and plan 1' }).inputValue()).toBe('- Replete K to goal > 4');
    const [asked] = await model.requests();
    expect(asked?.lastUserText).toContain('#4 Hypokalemia');
    await model.reset();
  });
});

describe('the time tracker', () => {
  const bar = (p: Page) => p.getByRole('region', { name: 'Time tracker' });
  const step = (p: Page, name: string) => bar(p).getByRole('button', { name, exact: true });
  /** The seconds a step's button shows (mm:ss). */
  const secondsOf = async (p: Page, name: string) => {
    const [, minutes, seconds] = /(\d+):(\d\d)$/.exec((await step(p, name).textContent()) ?? '') ?? [];
    return Number(minutes) * 60 + Number(seconds);
  };
  const savedTracking = async () => (await call('GET', `/patients/${patientId}/time-tracking`)) as unknown as TimeTracking;
  const savedTime = (tracking: TimeTracking, id: string) => tracking.steps.find((s) => s.id === id)?.time ?? 0;

  it('counts the clicked step, switches, stops, and resumes after a reload with the saved time', async () => {
    await openPatient(page);
    await step(page, 'Visit').waitFor();
    await step(page, 'Visit').click();
    await expect.poll(() => step(page, 'Visit').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => secondsOf(page, 'Visit'), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    await step(page, 'Precepting').click();
    await expect.poll(() => step(page, 'Visit').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => step(page, 'Precepting').getAttribute('aria-pressed')).toBe('true');
    const visit = await secondsOf(page, 'Visit');
    await expect.poll(() => secondsOf(page, 'Precepting'), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await secondsOf(page, 'Visit')).toBe(visit);

    // Stop: the stopped record is saved (debounced 1 s).
    await step(page, 'Precepting').click();
    await expect.poll(() => step(page, 'Precepting').getAttribute('aria-pressed')).toBe('false');
    const precepting = await secondsOf(page, 'Precepting');
    await expect.poll(async () => {
      const tracking = await savedTracking();
      return [tracking.lastActiveStep, savedTime(tracking, 'visit'), savedTime(tracking, 'precepting')];
    }).toEqual([null, visit, precepting]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'patient-time-tracker');

    // Closure runs; once its start is saved, a reload restores every time and Closure counts on.
    await step(page, 'Closure').click();
    await expect.poll(async () => (await savedTracking()).lastActiveStep).toBe('closure');
    await page.reload();
    await step(page, 'Closure').waitFor({ timeout: 20_000 });
    await expect.poll(() => step(page, 'Closure').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => [await secondsOf(page, 'Visit'), await secondsOf(page, 'Precepting')]).toEqual([visit, precepting]);
    const resumedAt = await secondsOf(page, 'Closure');
    await expect.poll(() => secondsOf(page, 'Closure'), { timeout: 15_000 }).toBeGreaterThan(resumedAt);
    await step(page, 'Closure').click();
    await expect.poll(() => step(page, 'Closure').getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps the page’s last content above the bar, and is not printed', async () => {
    await openPatient(page);
    await bar(page).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastSection = page.locator('section[data-section]').last();
    const [sectionBox, barBox] = await Promise.all([lastSection.boundingBox(), bar(page).boundingBox()]);
    expect(sectionBox!.y + sectionBox!.height).toBeLessThanOrEqual(barBox!.y);
    await page.emulateMedia({ media: 'print' });
    expect(await bar(page).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
