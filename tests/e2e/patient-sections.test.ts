// The patient screen's note sections in Chromium against the real runtime: the visible sections in the patient's
// order with their icons, a section with no value ready to type in, collapsing by the title,
// each hover action (auto-format, copy, 'No updates/new information', clear with Undo, send to the special component),
// a special component of each kind from forwarded text (problems reordered by keyboard and by drag, labs, billing,
// reminders, the attestation), everything saved by the autosave and read back through the API; desktop and phone.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { Patient, type FieldValue, type PatientSection } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { dragByMouse, keyboardSensorListening } from '../harness/drag';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, editorsNearViewMounted, newContext, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

/** A body as the editor stores it: one paragraph per line. */
const rich = (...lines: string[]): FieldValue => ({
  deltaString: JSON.stringify(lines.map((line) => ({ type: 'paragraph', content: line ? [{ type: 'text', text: line, styles: {} }] : [], children: [] }))),
  expanded: true,
});
const plain = (value: FieldValue | undefined) =>
  (JSON.parse(value?.deltaString || '[]') as { content: { text: string }[] }[]).map((block) => block.content.map((part) => part.text).join('')).join('\n');

const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json;
};

const VISIBLE: PatientSection[] = ['events', 'vitals', 'exam', 'labs', 'assessment', 'billing', 'reminders', 'attending'];
const assessmentText = [
  '72M with HFrEF (EF 25%) admitted with ADHF, improving.',
  '#1 Acute on chronic HFrEF',
  'Diuresing well, net -2.1 L.',
  '- Furosemide 80 mg IV BID',
  '- Daily weights, strict I/O',
  '#2 AKI on CKD 3a',
  '- Trend Cr, avoid nephrotoxins',
  '#3 Type 2 diabetes',
  '- Insulin sliding scale',
];

/** One inpatient with text in every visible section but Vitals (which has no value). */
const seedPatient = async (): Promise<string> => {
  const created = (await call('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze', dob: '1954-03-14', mrn: '40012345', room: '10A' })) as { id: string; version: number };
  await call('PATCH', `/patients/${created.id}`, {
    version: created.version,
    attending: 'Dr. Patel',
    visibleFields: VISIBLE,
    fields: {
      events: rich('Rapid response at 02:00 for hypotension, resolved with 500 mL LR.'),
      exam: rich('• Lungs: crackles R base   ', '', '', '• Ext: 2+ pitting edema to the knees'),
      labs: rich('BMP this AM:', 'Na 134 L, K 3.1 L', 'Hgb 9.8 g/dL', 'Cr 1.4 (H)'),
      assessment: rich(...assessmentText),
      billing: rich('Acute on chronic systolic heart failure I50.23', 'AKI N17.9', 'Subsequent hospital care 99232'),
      reminders: rich('- Call daughter re: goals of care', '[x] Consent for TEE signed', '- Recheck K after repletion'),
      attending: rich('I saw and examined the patient with the resident and agree with the findings and plan as documented.'),
    },
  });
  return created.id;
};

const stored = async (id: string) => Patient.parse(await call('GET', `/patients/${id}`));
const storedField = async (id: string, section: PatientSection) => (await stored(id)).fields[section];

const sectionsList = (p: Page) => p.getByRole('list', { name: 'Note sections' });
const section = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });
const action = (p: Page, title: string, name: string) => section(p, title).getByRole('button', { name, exact: true });
/** The text of a section's editor, one line per paragraph (innerText puts a blank line between blocks). */
const editorText = async (p: Page, title: string) => (await section(p, title).getByRole('textbox', { name: title }).innerText()).replace(/\n+/g, '\n').trim();
const undoOf = (p: Page, title: string) => p.getByRole('alert').filter({ hasText: title }).getByRole('button', { name: 'Undo' });
const problemNames = (p: Page) => section(p, 'Assessment & Plan').getByRole('textbox', { name: /^Problem \d+$/ }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const storedProblems = async (id: string) => ((await storedField(id, 'assessment'))?.data as { problems: { problem: string }[] } | undefined)?.problems.map((p) => p.problem);

const openPatient = async (p: Page, id: string) => {
  await p.goto(`${runtime.url}/panel/${id}`);
  await sectionsList(p).waitFor({ timeout: 20_000 });
  // The editors are a lazy chunk: wait until the sections near the view are real editors.
  await editorsNearViewMounted(p);
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  const me = (await call('GET', '/me')) as { version: number };
  await call('PATCH', '/me', { version: me.version, inpatient: true, attendings: ['Dr. Patel', 'Dr. Nguyen'] });
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: runtime.url });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('the note sections', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedPatient();
  });

  it("shows the visible sections in the patient's order with icons, and one that has no value takes typing at once", async () => {
    await openPatient(page, id);
    expect(await sectionsList(page).getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('data-section')))).toEqual(VISIBLE);
    // Every section has its icon beside its title.
    expect(await sectionsList(page).locator('[data-testid^=section-icon-] svg').count()).toBe(VISIBLE.length);
    await shot(page, 'patient-sections-desktop', true);
    const { violations } = await new AxeBuilder({ page }).include('[aria-label="Note sections"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    expect(await page.getByText(/Field Value Error/).count()).toBe(0);
    const vitals = section(page, 'Vitals').getByRole('textbox', { name: 'Vitals' });
    await vitals.click();
    await page.keyboard.type('T 37.2 HR 88 BP 128/76 SpO2 95% 2L NC');
    await expect.poll(async () => plain(await storedField(id, 'vitals')), { timeout: 15_000 }).toBe('T 37.2 HR 88 BP 128/76 SpO2 95% 2L NC');
    expect(await page.getByText('Field Value Error for vitals').count()).toBe(0);
  });

  it('collapses and expands a section from its title, and keeps that after a reload', async () => {
    const title = action(page, 'Events', 'Events');
    await title.click();
    expect(await title.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => section(page, 'Events').getByRole('textbox', { name: 'Events' }).isVisible()).toBe(false);
    await expect.poll(async () => (await storedField(id, 'events'))?.expanded, { timeout: 15_000 }).toBe(false);
    await openPatient(page, id);
    expect(await action(page, 'Events', 'Events').getAttribute('aria-expanded')).toBe('false');
    await action(page, 'Events', 'Events').click();
    await section(page, 'Events').getByRole('textbox', { name: 'Events' }).waitFor();
    await expect.poll(async () => (await storedField(id, 'events'))?.expanded, { timeout: 15_000 }).toBe(true);
  });

  it('shows the hover actions on hover and keyboard focus; auto-formats, copies, marks no updates and clears with Undo', async () => {
    const actions = section(page, 'Exam').getByRole('group', { name: 'Exam actions' });
    await page.mouse.move(0, 0);
    expect(await actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    await section(page, 'Exam').hover();
    await expect.poll(() => actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.mouse.move(0, 0);
    await action(page, 'Exam', 'Exam').focus();
    await expect.poll(() => actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await section(page, 'Exam').hover();
    await shot(page, 'patient-sections-hover-actions');

    await action(page, 'Exam', 'Auto-format').click();
    await expect.poll(async () => plain(await storedField(id, 'exam')), { timeout: 15_000 }).toBe('- Lungs: crackles R base\n- Ext: 2+ pitting edema to the knees');
    await expect.poll(() => editorText(page, 'Exam')).toBe('- Lungs: crackles R base\n- Ext: 2+ pitting edema to the knees');

    await action(page, 'Exam', 'Copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('- Lungs: crackles R base\n- Ext: 2+ pitting edema to the knees');

    await action(page, 'Exam', 'No updates/new information').click();
    await expect.poll(() => editorText(page, 'Exam')).toBe('No updates/new information');
    await expect.poll(async () => plain(await storedField(id, 'exam')), { timeout: 15_000 }).toBe('No updates/new information');
    await undoOf(page, 'Exam: marked as no updates').click();
    await expect.poll(() => editorText(page, 'Exam')).toContain('- Ext: 2+ pitting edema');

    await action(page, 'Exam', 'Clear').click();
    await expect.poll(() => editorText(page, 'Exam')).toBe('');
    await expect.poll(async () => (await storedField(id, 'exam'))?.deltaString, { timeout: 15_000 }).toBe('');
    await undoOf(page, 'Exam: cleared').click();
    await expect.poll(async () => plain(await storedField(id, 'exam')), { timeout: 15_000 }).toBe('- Lungs: crackles R base\n- Ext: 2+ pitting edema to the knees');
  });

  it('sends the A&P to the problem list and reorders problems by keyboard and by drag', async () => {
    const assessment = section(page, 'Assessment & Plan');
    await action(page, 'Assessment & Plan', 'Send to Problem List').click();
    await expect.poll(() => problemNames(page)).toEqual(['Acute on chronic HFrEF', 'AKI on CKD 3a', 'Type 2 diabetes']);
    expect(await assessment.getByRole('textbox', { name: 'Assessment of problem 1' }).inputValue()).toBe('Diuresing well, net -2.1 L.');
    expect(await assessment.getByRole('textbox', { name: 'Plan of problem 1' }).inputValue()).toBe('- Furosemide 80 mg IV BID\n- Daily weights, strict I/O');
    await expect.poll(() => storedProblems(id), { timeout: 15_000 }).toEqual(['Acute on chronic HFrEF', 'AKI on CKD 3a', 'Type 2 diabetes']);

    // Keyboard: Space lifts diabetes, ArrowUp twice, Space drops it first.
    await assessment.getByRole('button', { name: 'Move problem 3: Type 2 diabetes' }).focus();
    const announced = () => page.locator('[id^=DndLiveRegion]').last().textContent();
    await page.keyboard.press('Space');
    // Each key is pressed once the step before has been announced, as a listener would.
    await expect.poll(announced).toMatch(/^(Picked up problem 3: Type 2 diabetes, position 3 of 3\.|problem 3: Type 2 diabetes moved to position 3 of 3\.)$/);
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('problem 3: Type 2 diabetes moved to position 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('problem 3: Type 2 diabetes moved to position 1 of 3.');
    await page.keyboard.press('Space');
    await expect.poll(announced).toBe('problem 3: Type 2 diabetes dropped at position 1 of 3.');
    await expect.poll(() => problemNames(page)).toEqual(['Type 2 diabetes', 'Acute on chronic HFrEF', 'AKI on CKD 3a']);
    await expect.poll(() => storedProblems(id), { timeout: 15_000 }).toEqual(['Type 2 diabetes', 'Acute on chronic HFrEF', 'AKI on CKD 3a']);

    // Mouse: AKI dragged onto the first place.
    await dragByMouse(page, assessment.getByRole('button', { name: 'Move problem 3: AKI on CKD 3a' }), assessment.getByRole('button', { name: 'Move problem 1: Type 2 diabetes' }));
    await expect.poll(() => problemNames(page)).toEqual(['AKI on CKD 3a', 'Type 2 diabetes', 'Acute on chronic HFrEF']);
    await expect.poll(() => storedProblems(id), { timeout: 15_000 }).toEqual(['AKI on CKD 3a', 'Type 2 diabetes', 'Acute on chronic HFrEF']);

    // An edit of a problem's plan is saved too.
    const plan = assessment.getByRole('textbox', { name: 'Plan of problem 1' });
    await plan.click();
    await page.keyboard.press('End');
    await page.keyboard.type('\n- Renal US');
    await expect.poll(async () => ((await storedField(id, 'assessment'))?.data as { problems: { plan: string }[] }).problems[0]?.plan, { timeout: 15_000 }).toBe(
      '- Trend Cr, avoid nephrotoxins\n- Renal US',
    );
    await assessment.scrollIntoViewIfNeeded();
    await shot(page, 'patient-sections-problem-list');
  });

  it('sends lab lines to the results table, codes to billing, lines to reminders and the statement to the attestation', async () => {
    await action(page, 'Labs', 'Send to Lab Results').click();
    const table = section(page, 'Labs').getByRole('table', { name: 'Lab results' });
    await table.waitFor();
    const rows = () =>
      table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('input, select'), (input) => (input as HTMLInputElement).value).join(' ').trim()));
    expect(await rows()).toEqual(['Na 134  L', 'K 3.1  L', 'Hgb 9.8 g/dL', 'Cr 1.4  H']);
    await table.getByRole('combobox', { name: 'Flag of result 3' }).selectOption('L');
    await expect.poll(async () => ((await storedField(id, 'labs'))?.data as { results: { name: string; flag: string }[] })?.results.map((r) => `${r.name} ${r.flag}`), { timeout: 15_000 }).toEqual([
      'Na L',
      'K L',
      'Hgb L',
      'Cr H',
    ]);

    await action(page, 'Billing', 'Send to Billing Codes').click();
    const billing = section(page, 'Billing');
    await expect.poll(() => billing.getByRole('textbox', { name: 'Code of diagnosis 2' }).inputValue()).toBe('N17.9');
    expect(await billing.getByRole('textbox', { name: 'Description of diagnosis 1' }).inputValue()).toBe('Acute on chronic systolic heart failure');
    expect(await billing.getByLabel('E/M level').inputValue()).toBe('99232 Subsequent hospital care, moderate');
    await expect.poll(async () => (await storedField(id, 'billing'))?.data, { timeout: 15_000 }).toMatchObject({ emLevel: '99232', diagnoses: [{ code: 'I50.23' }, { code: 'N17.9' }] });

    await action(page, 'Reminders', 'Send to Reminders Checklist').click();
    const reminders = section(page, 'Reminders');
    await expect.poll(() => reminders.getByRole('textbox', { name: /^Reminder \d$/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'Call daughter re: goals of care',
      'Consent for TEE signed',
      'Recheck K after repletion',
    ]);
    expect(await reminders.getByRole('checkbox', { name: 'Done: reminder 2' }).isChecked()).toBe(true);
    await reminders.getByRole('checkbox', { name: 'Done: reminder 1' }).check();
    await expect.poll(async () => ((await storedField(id, 'reminders'))?.data as { items: { done: boolean }[] })?.items.map((i) => i.done), { timeout: 15_000 }).toEqual([true, true, false]);

    await action(page, 'Attending', 'Send to Attestation').click();
    const attending = section(page, 'Attending');
    await expect.poll(() => attending.getByRole('textbox', { name: 'Attestation statement' }).inputValue()).toMatch(/^I saw and examined the patient/);
    expect(await attending.getByLabel('Attesting attending').inputValue()).toBe('Dr. Patel');
    await attending.getByLabel('Attesting attending').fill('Dr. Ngu');
    await page.getByRole('option', { name: 'Dr. Nguyen' }).click();
    await expect.poll(async () => (await storedField(id, 'attending'))?.data, { timeout: 15_000 }).toMatchObject({ attending: 'Dr. Nguyen', statement: expect.stringMatching(/^I saw and examined/) });

    // Hiding the free text leaves the component alone in the section.
    await section(page, 'Labs').getByRole('switch', { name: 'Show free text' }).click({ force: true });
    await expect.poll(() => section(page, 'Labs').getByRole('textbox', { name: 'Labs' }).count()).toBe(0);
    await expect.poll(async () => (await storedField(id, 'labs'))?.showFreeText, { timeout: 15_000 }).toBe(false);
    await shot(page, 'patient-sections-special-desktop', true);
  });

  it('reads back after a reload, and fits a 375 px phone with the actions visible', async () => {
    // A touch phone: its screen cannot hover.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, locale: 'en-US', timezoneId: 'Europe/Paris' });
    const small = await phone.newPage();
    await signIn(small, runtime.url, user);
    await openPatient(small, id);
    await expect.poll(() => problemNames(small), { timeout: 15_000 }).toEqual(['AKI on CKD 3a', 'Type 2 diabetes', 'Acute on chronic HFrEF']);
    // A phone cannot hover: the actions show all the time.
    await expect.poll(() => section(small, 'Labs').getByRole('group', { name: 'Labs actions' }).evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await shot(small, 'patient-sections-phone', true);
    await section(small, 'Labs').evaluate((element) => element.scrollIntoView());
    await shot(small, 'patient-sections-phone-labs');
    await phone.close();
  });
});

describe('a note section before its editor has loaded', () => {
  it('shows what is typed and pasted meanwhile, and hands it all to the editor', async () => {
    const id = await seedPatient();
    // No service worker (it would answer from its cache), and the editor's chunk held back until released: a slow network.
    const slow = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', locale: 'en-US', timezoneId: 'Europe/Paris' });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await slow.route(/\/assets\/blocknote-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const held = await slow.newPage();
    await signIn(held, runtime.url, user);
    await held.goto(`${runtime.url}/panel/${id}`);
    const events = section(held, 'Events').getByRole('textbox', { name: 'Events' });
    await events.click();
    await held.keyboard.type(' Now stablx');
    await held.keyboard.press('Backspace');
    await held.keyboard.type('e.');
    await held.keyboard.press('Enter');
    await held.keyboard.type('Plan: repeat lactate ');
    await events.evaluate((box) => {
      const clipboard = new DataTransfer();
      clipboard.setData('text/plain', 'at 06:00');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    });
    const typed = 'Rapid response at 02:00 for hypotension, resolved with 500 mL LR. Now stable.\nPlan: repeat lactate at 06:00';
    expect(await events.getAttribute('aria-busy')).toBe('true');
    expect(await events.getAttribute('contenteditable')).toBeNull();
    await expect.poll(() => events.innerText()).toBe(typed);
    await shot(held, 'patient-sections-typed-before-the-editor');

    release();
    await held.locator('[contenteditable][aria-label="Events"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => editorText(held, 'Events')).toBe(typed);
    // The focus moved into the editor, the caret at the end: typing goes on there.
    await held.keyboard.type(', then q6h');
    await expect.poll(async () => plain(await storedField(id, 'events')), { timeout: 15_000 }).toBe(`${typed}, then q6h`);
    await slow.close();
  });
});

describe('a note section whose editor cannot be loaded', () => {
  it('keeps showing the text, read-only, says why, and the rest of the screen works', async () => {
    const id = await seedPatient();
    // Offline before the editor was ever cached: its chunk cannot be fetched.
    const offline = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', locale: 'en-US', timezoneId: 'Europe/Paris' });
    await offline.route(/\/assets\/blocknote-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    const failing = await offline.newPage();
    await signIn(failing, runtime.url, user);
    await failing.goto(`${runtime.url}/panel/${id}`);
    const events = section(failing, 'Events').getByRole('textbox', { name: 'Events' });
    await section(failing, 'Events').getByRole('alert').filter({ hasText: 'the editor could not be loaded' }).waitFor({ timeout: 20_000 });
    // Every rich text near the view says so (Events, Exam, and the sidebar's ID and Notes at least), not just the first.
    await expect.poll(() => failing.getByRole('alert').filter({ hasText: 'the editor could not be loaded' }).count()).toBeGreaterThanOrEqual(4);
    expect(await events.innerText()).toBe('Rapid response at 02:00 for hypotension, resolved with 500 mL LR.');
    expect(await events.getAttribute('aria-readonly')).toBe('true');
    // Typing into it changes nothing (no edit is taken that could not be saved).
    await events.click();
    await failing.keyboard.type('lost?');
    expect(await events.innerText()).toBe('Rapid response at 02:00 for hypotension, resolved with 500 mL LR.');
    await shot(failing, 'patient-sections-editor-unavailable');
    // The rest of the screen still edits and saves: the section collapses from its title.
    await action(failing, 'Events', 'Events').click();
    await expect.poll(async () => (await storedField(id, 'events'))?.expanded, { timeout: 15_000 }).toBe(false);
    await offline.close();
  });
});
