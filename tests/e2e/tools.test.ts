// The clinician's tools in Chromium against the real runtime: the I-PASS sign-out built from the panel (edits kept,
// copied as text, printable), text to speech (a resource read aloud with a speed; pause, resume, stop; a browser
// without speech synthesis is told so), the file renamer (PDFs named from their DOI's Crossref record, through the
// runtime's Crossref fixture), the VA call log (calls logged, a follow-up flagged, the sign-out summary copied) and the
// moonlighting shift log (a month's hours and pay, per site, kept after a reload), and feedback (sent with a
// screenshot; listed for an administrator, not for anyone else). The browser's speech engine is the one outside service here: a double stands
// in for it (headless Chromium has no voices) and records what it was asked to say. Each page is shot at desktop and
// phone width.
import type { Patient, Resource } from '@chartside/shared';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { knownDoi } from '../harness/article-fixtures';
import { launchBrowser } from '../harness/browser';
import { textPdf } from '../harness/pdfs';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const NOW = new Date().toISOString();
const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]);
const task = (id: string, text: string, priority: number, completed = false) => ({ id, text, details: '', completed, priority, dueDate: null, created: NOW, tags: [] });

const addPatient = async (body: Record<string, unknown>, change: Record<string, unknown>) => {
  const created = (await asUser('POST', '/patients', body)).json as unknown as Patient;
  const { status } = await asUser('PATCH', `/patients/${created.id}`, { version: created.version, ...change });
  expect(status).toBe(200);
};

const openTool = async (p: Page, slug: string, title: string) => {
  await p.goto(`${runtime.url}/tools/${slug}`);
  await p.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
};

/** A tool's page shot at desktop width, then at phone width (the same page, resized), then back. */
const shootBoth = async (p: Page, slug: string) => {
  await shot(p, `tool-${slug}-desktop`, true);
  await p.setViewportSize(PHONE);
  await shot(p, `tool-${slug}-phone`, true);
  await p.setViewportSize(DESKTOP);
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: runtime.url });
  page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-out', () => {
  const sheet = (p: Page, heading: string) => p.getByRole('region', { name: heading });

  it('drafts each patient from the chart, keeps the edits, and copies the I-PASS sheet as text', async () => {
    await addPatient(
      { lastname: 'Okafor', firstname: 'Adaeze', room: '12' },
      { oneliner: paragraph('67F with COPD exacerbation on BiPAP overnight'), tasks: [task('t1', 'Repeat ABG at 0400', 2), task('t2', 'Call family', 1), task('t3', 'Chest X-ray', 1, true)] },
    );
    await addPatient({ lastname: 'Lindqvist', firstname: 'Per', room: '3' }, { primarydx: 'Community-acquired pneumonia' });

    await openTool(page, 'signout', 'Sign-out');
    const okafor = sheet(page, 'Okafor, Adaeze · Room 12');
    await okafor.waitFor({ timeout: 20_000 });
    // Rooms in natural order: 3 before 12.
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Lindqvist, Per · Room 3', 'Okafor, Adaeze · Room 12']);
    expect(await okafor.getByRole('textbox', { name: 'Patient summary' }).inputValue()).toBe('67F with COPD exacerbation on BiPAP overnight');
    expect(await okafor.getByRole('textbox', { name: 'Action list' }).inputValue()).toBe('- Call family\n- Repeat ABG at 0400');
    expect(await sheet(page, 'Lindqvist, Per · Room 3').getByRole('textbox', { name: 'Patient summary' }).inputValue()).toBe('Community-acquired pneumonia');

    await okafor.getByText('Watcher', { exact: true }).click();
    await okafor.getByRole('textbox', { name: 'Situation awareness & contingency' }).fill('If SpO2 < 88% on BiPAP, call ICU');
    await page.reload();
    await okafor.waitFor({ timeout: 20_000 });
    expect(await okafor.getByRole('textbox', { name: 'Situation awareness & contingency' }).inputValue()).toBe('If SpO2 < 88% on BiPAP, call ICU');
    expect(await okafor.getByRole('radio', { name: 'Watcher' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Copy as text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(
      [
        'Okafor, Adaeze · Room 12',
        'Illness severity: Watcher',
        'Patient summary: 67F with COPD exacerbation on BiPAP overnight',
        'Action list:\n- Call family\n- Repeat ABG at 0400',
        'Situation awareness & contingency: If SpO2 < 88% on BiPAP, call ICU',
      ].join('\n'),
    );
    expect(copied.indexOf('Lindqvist, Per')).toBeLessThan(copied.indexOf('Okafor, Adaeze'));

    // Reset goes back to the chart's draft.
    await okafor.getByRole('button', { name: 'Reset from chart' }).click();
    expect(await okafor.getByRole('textbox', { name: 'Situation awareness & contingency' }).inputValue()).toBe('');

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(page, 'tool-signout-print', true);
    await page.emulateMedia({ media: 'screen' });
    await shootBoth(page, 'signout');
  });
});

/** Stands in for the browser's speech engine: records each utterance and what was asked of it; finish() ends them. */
const speechDouble = () => {
  type Utterance = { text: string; rate: number; onend: (() => void) | null };
  const record = { spoken: [] as { text: string; rate: number }[], calls: [] as string[], queue: [] as Utterance[] };
  class DoubleUtterance {
    text: string;
    rate = 1;
    lang = '';
    voice = null;
    onend: (() => void) | null = null;
    onerror = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const engine = {
    getVoices: () => [],
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    speak: (u: Utterance) => {
      record.spoken.push({ text: u.text, rate: u.rate });
      record.queue.push(u);
    },
    pause: () => record.calls.push('pause'),
    resume: () => record.calls.push('resume'),
    cancel: () => {
      record.calls.push('cancel');
      record.queue = [];
    },
  };
  Object.assign(window, { speechDouble: { record, finish: () => record.queue.splice(0).forEach((u) => u.onend?.()) } });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: DoubleUtterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
};
type SpeechRecord = { spoken: { text: string; rate: number }[]; calls: string[] };
const speechRecord = (p: Page) => p.evaluate(() => (window as unknown as { speechDouble: { record: SpeechRecord } }).speechDouble.record);

describe('text to speech', () => {
  it('reads a resource aloud at the chosen speed, pauses, resumes and stops', async () => {
    const resource = (await asUser('POST', '/resources', { name: 'Hyponatremia workup', type: 'text', description: 'A stepwise approach.' })).json as unknown as Resource;
    const section = { id: 's1', title: 'First steps', deltaString: paragraph('Check serum osmolality. Then urine sodium.'), editing: false, createdAt: NOW, updatedAt: NOW };
    expect((await asUser('PATCH', `/resources/${resource.id}`, { version: resource.version, textSections: [section] })).status).toBe(200);

    const speaking = await context.newPage();
    await speaking.addInitScript(speechDouble);
    await openTool(speaking, 'texttospeech', 'Text to Speech');
    await speaking.getByRole('combobox', { name: 'Read a resource' }).click();
    await speaking.getByRole('option', { name: 'Hyponatremia workup' }).click();
    const text = speaking.getByRole('textbox', { name: 'Text to read' });
    await expect.poll(() => text.inputValue()).toBe('Hyponatremia workup\n\nA stepwise approach.\n\nFirst steps\n\nCheck serum osmolality. Then urine sodium.');

    const speed = speaking.getByRole('slider');
    await speed.focus();
    await speaking.keyboard.press('ArrowRight');
    await speaking.keyboard.press('ArrowRight');
    await speaking.getByText('Speed: 1.5×').waitFor();
    await speaking.getByRole('button', { name: 'Play', exact: true }).click();
    await speaking.getByText('Reading aloud…').waitFor();
    const { spoken } = await speechRecord(speaking);
    expect(spoken.map((s) => s.text).join(' ')).toBe('Hyponatremia workup A stepwise approach. First steps Check serum osmolality. Then urine sodium.');
    expect(new Set(spoken.map((s) => s.rate))).toEqual(new Set([1.5]));

    await speaking.getByRole('button', { name: 'Pause' }).click();
    await speaking.getByText('Paused.').waitFor();
    await speaking.getByRole('button', { name: 'Resume' }).click();
    await speaking.getByRole('button', { name: 'Stop' }).click();
    await speaking.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect((await speechRecord(speaking)).calls.slice(-3)).toEqual(['pause', 'resume', 'cancel']);

    // A reading that ends by itself leaves the player ready again.
    await speaking.getByRole('button', { name: 'Play', exact: true }).click();
    await speaking.getByRole('button', { name: 'Pause' }).waitFor();
    await speaking.evaluate(() => (window as unknown as { speechDouble: { finish: () => void } }).speechDouble.finish());
    await speaking.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await speaking.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    await shootBoth(speaking, 'texttospeech');
    await speaking.close();
  });

  it('tells a browser without speech synthesis that it cannot read aloud', async () => {
    const mute = await context.newPage();
    await mute.addInitScript(() => {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      Reflect.deleteProperty(Window.prototype, 'speechSynthesis');
    });
    await openTool(mute, 'texttospeech', 'Text to Speech');
    await mute.getByText('This browser cannot read text aloud').waitFor();
    expect(await mute.getByRole('button', { name: 'Play', exact: true }).count()).toBe(0);
    await mute.close();
  });
});

describe('file renamer', () => {
  const NEJM_NAME = 'Polack 2020 New England Journal of Medicine - Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf';

  it('names PDFs from their DOI, takes a DOI typed for a PDF without one, and downloads them under the new names', async () => {
    const withDoi = Buffer.from(await textPdf({ pages: 1, textOf: () => `N Engl J Med 2020. DOI: ${knownDoi}. Original article.` }));
    const withoutDoi = Buffer.from(await textPdf({ pages: 1 }));
    await openTool(page, 'filerenamer', 'File Renamer');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'nejm.pdf', mimeType: 'application/pdf', buffer: withDoi },
      { name: 'scan-0042.pdf', mimeType: 'application/pdf', buffer: withoutDoi },
    ]);
    const newName = (file: string) => page.getByRole('textbox', { name: `New name of ${file}` });
    await expect.poll(() => newName('nejm.pdf').inputValue(), { timeout: 20_000 }).toBe(NEJM_NAME);
    expect(await page.getByRole('textbox', { name: 'DOI of nejm.pdf' }).inputValue()).toBe(knownDoi);
    await page.getByText('No DOI found in the PDF: type it and look it up.').waitFor({ timeout: 20_000 });

    await page.getByRole('textbox', { name: 'DOI of scan-0042.pdf' }).fill(`https://doi.org/${knownDoi}`);
    await page.getByRole('textbox', { name: 'DOI of scan-0042.pdf' }).press('Enter');
    await expect.poll(() => newName('scan-0042.pdf').inputValue(), { timeout: 20_000 }).toBe(NEJM_NAME);
    await newName('scan-0042.pdf').fill('Polack 2020 NEJM - BNT162b2 supplement');

    const one = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download scan-0042.pdf renamed' }).click();
    const single = await one;
    expect(single.suggestedFilename()).toBe('Polack 2020 NEJM - BNT162b2 supplement.pdf');
    expect(readFileSync(await single.path())).toEqual(withoutDoi);

    const names: string[] = [];
    const both = new Promise<void>((resolve) =>
      page.on('download', (d) => {
        names.push(d.suggestedFilename());
        if (names.length === 2) resolve();
      }),
    );
    await page.getByRole('button', { name: 'Download 2 renamed files' }).click();
    await both;
    expect(names.sort()).toEqual([NEJM_NAME, 'Polack 2020 NEJM - BNT162b2 supplement.pdf'].sort());
    await shootBoth(page, 'filerenamer');
  });

  it('says which file is not a PDF and which DOI Crossref does not know', async () => {
    await openTool(page, 'filerenamer', 'File Renamer');
    await page.locator('input[type=file]').setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') }]);
    await page.getByText(/The file could not be read as a PDF/).waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'DOI of notes.pdf' }).fill('10.5555/missing');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText(/The article could not be looked up/).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Download renamed file' }).isDisabled()).toBe(true);
  });
});

describe('VA call', () => {
  it('logs the night\'s calls and copies them as a sign-out summary, follow-ups first', async () => {
    await openTool(page, 'vacall', 'VA Call');
    const form = page.getByRole('form', { name: 'Log a call' });
    const logCall = async (patient: string, caller: string, question: string, action: string) => {
      await form.getByRole('textbox', { name: 'Patient' }).fill(patient);
      await form.getByRole('textbox', { name: 'Caller' }).fill(caller);
      await form.getByRole('textbox', { name: 'Question' }).fill(question);
      await form.getByRole('textbox', { name: 'Action' }).fill(action);
      await form.getByRole('button', { name: 'Log call' }).click();
    };
    await form.getByRole('button', { name: 'Log call' }).click();
    await page.getByText('Write what the call was about.').waitFor();

    await logCall('Doe, Jane 4B', '4 West RN', 'BP 88/50', 'Bolus 500 mL, recheck in 1 h');
    await logCall('Roe, Max 12', 'Pharmacy', 'Vancomycin trough 25', 'Held next dose');
    const calls = page.getByRole('list', { name: 'Calls this shift' }).getByRole('listitem');
    await expect.poll(() => calls.count()).toBe(2);
    await calls.filter({ hasText: 'Roe, Max 12' }).getByRole('checkbox', { name: 'Follow-up' }).check();

    await page.reload();
    await page.getByRole('list', { name: 'Calls this shift' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Copy summary for sign-out' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const summary = await page.evaluate(() => navigator.clipboard.readText());
    expect(summary).toMatch(/^Cross-cover: 2 calls, 1 to follow up\n\nRoe, Max 12\n- \d\d:\d\d Pharmacy: Vancomycin trough 25 -> Held next dose \[FOLLOW-UP\]\n\nDoe, Jane 4B\n- \d\d:\d\d 4 West RN: BP 88\/50 -> Bolus 500 mL, recheck in 1 h$/);
    await shootBoth(page, 'vacall');

    await page.getByRole('button', { name: 'Clear this shift' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await page.getByText('No calls logged since the shift began.').waitFor();
  });
});

describe('moonlight', () => {
  it('adds shifts and totals a month\'s hours and pay per site, kept after a reload', async () => {
    await page.goto(`${runtime.url}/tools/moonlight?month=2026-10`);
    await page.getByRole('heading', { level: 1, name: 'Moonlight' }).waitFor({ timeout: 20_000 });
    const form = page.getByRole('form', { name: 'Add a shift' });
    const addShift = async (site: string, start: string, end: string, rate?: string) => {
      await form.getByLabel('Site').fill(site);
      if (rate !== undefined) await form.getByRole('textbox', { name: 'Hourly rate' }).fill(rate);
      await form.getByLabel('Start').fill(start);
      await form.getByLabel('End').fill(end);
      await form.getByRole('button', { name: 'Add shift' }).click();
    };
    await addShift('St Mary ED', '2026-10-03T19:00', '2026-10-03T07:00', '150');
    await page.getByText('The end must come after the start.').waitFor();
    await form.getByLabel('End').fill('2026-10-04T07:00');
    await form.getByRole('button', { name: 'Add shift' }).click();
    await addShift('VA urgent care', '2026-10-10T08:00', '2026-10-10T16:30');
    await addShift('St Mary ED', '2026-11-01T19:00', '2026-11-02T07:00');

    await page.reload();
    const shifts = page.getByRole('table', { name: 'Shifts' }).getByRole('row');
    await expect.poll(() => shifts.count(), { timeout: 20_000 }).toBe(3); // the header and October's two
    const totals = page.getByLabel('Month totals');
    expect(await totals.textContent()).toBe('Shifts2Hours20.5 hPay3,075.00');
    expect(await page.getByRole('table', { name: 'Per site' }).textContent()).toBe('St Mary ED1 shift12 h1,800.00VA urgent care1 shift8.5 h1,275.00');
    await shootBoth(page, 'moonlight');

    await page.getByRole('textbox', { name: 'Month' }).fill('2026-11');
    await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe('2026-11');
    await expect.poll(() => totals.textContent()).toBe('Shifts1Hours12 hPay1,800.00');
  });
});

describe('feedback', () => {
  it('sends feedback with a screenshot, which an administrator sees and a user outside the admin group does not', async () => {
    const screenshot = await page.screenshot({ type: 'png' });
    await openTool(page, 'feedback', 'Feedback');
    const form = page.getByRole('form', { name: 'Send feedback' });
    await form.getByRole('textbox', { name: 'Your feedback' }).fill('The sign-out sheet could show code status.');
    await page.locator('input[type=file]').setInputFiles({ name: 'sheet.png', mimeType: 'image/png', buffer: screenshot });
    await form.getByRole('img', { name: 'The screenshot to send' }).waitFor();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Your feedback was sent to the Chartside team.').waitFor();
    expect(await page.getByRole('heading', { name: "Everyone's feedback" }).count()).toBe(0);
    await shootBoth(page, 'feedback');

    const admin = await createUser(runtime, { admin: true });
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, runtime.url, admin);
    await openTool(adminPage, 'feedback', 'Feedback');
    const item = adminPage.getByRole('list', { name: "Everyone's feedback" }).getByRole('listitem').filter({ hasText: 'The sign-out sheet could show code status.' });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.getByRole('link', { name: user.email }).count()).toBe(1);
    await item.getByRole('img', { name: `Screenshot sent by ${user.email}` }).waitFor();
    await shot(adminPage, 'tool-feedback-admin-desktop', true);
    await adminContext.close();
  });
});

describe('tools page', () => {
  it('lists every tool with what it does', async () => {
    await page.goto(`${runtime.url}/tools`);
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor({ timeout: 20_000 });
    const names = ['VA Call', 'Sign-out', 'Prompts', 'Case Chat', 'Feedback', 'Moonlight', 'File Encrypt', 'Transcription', 'Vector Search', 'File Renamer', 'Text to Speech'];
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(names.length);
    for (const name of names) {
      const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
      // The name, then a sentence on what the tool does.
      expect(await entry.textContent()).toMatch(new RegExp(`^${name} - \\S.{20,}`));
    }
    await shootBoth(page, 'tools');
  });
});
