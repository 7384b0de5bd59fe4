// The patient autosave in Chromium against the real runtime: typing across several autosaves loses no character; two
// devices on one patient (different sections merge, the same section shows both versions and each choice does what it
// says); an offline edit survives a reload and saves when the network is back; an edit made while the server cannot be
// reached (the browser still online) waits and saves by itself when the server is back; a patient with 1 MB of notes
// saves and loads.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionPlainText, sectionTitle, type Patient, type PatientSection } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { startCuttableProxy } from '../harness/cuttable-proxy';
import { noteSection } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, editorsNearViewMounted, newContext, PHONE, shot, signIn, startUsingPage, storedValues, untilPersisted } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

const OFFLINE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';

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


const call = async (method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json as unknown as Patient;
};

/** A patient showing the Events and Exam sections (empty), made through the API. */
const createPatient = async (lastname: string, fields: Patient['fields'] = {}) => {
  const created = await call('POST', '/patients', { lastname, firstname: 'Test' });
  await call('PATCH', `/patients/${created.id}`, {
    version: created.version,
    visibleFields: ['events', 'exam'],
    fields: { events: { deltaString: '', expanded: true }, exam: { deltaString: '', expanded: true }, ...fields },
  });
  return created.id;
};

const serverText = async (id: string, section: PatientSection) => sectionPlainText((await call('GET', `/patients/${id}`)).fields[section]?.deltaString ?? '');

const editor = (p: Page, section: PatientSection) => p.getByRole('textbox', { name: sectionTitle(section), exact: true });

const openPatient = async (p: Page, id: string) => {
  await p.goto(`${runtime.url}/panel/${id}`);
  await editor(p, 'events').waitFor({ timeout: 20_000 });
};

const typeInto = async (p: Page, section: PatientSection, text: string) => {
  await editor(p, section).click();
  await p.keyboard.press('End');
  await p.keyboard.type(text, { delay: 5 });
};

const saved = (p: Page) => p.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 20_000 });

const onDevice = async (viewport = PHONE) => {
  const phoneContext = await newContext(browser, viewport);
  const phone = await phoneContext.newPage();
  await signIn(phone, runtime.url, user);
  await dismissOfflineNotice(phone);
  return { phone, phoneContext };
};

describe('typing across autosaves', () => {
  it('loses no character while saves run between bursts of typing', async () => {
    const id = await createPatient('Typing');
    await openPatient(page, id);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith(`/api/patients/${id}`)) patches.push(request.url());
    });
    const words = 'crackles at the left base improving with diuresis, afebrile overnight, tolerating diet, walked with physio twice. ';
    let typed = '';
    await editor(page, 'events').click();
    // Bursts of about 100 characters, each followed by a pause around the 2 s autosave delay, so saves start (and
    // answer) while the next burst is being typed.
    for (let burst = 0; burst < 6; burst += 1) {
      const text = words.slice(0, 100 - burst);
      await page.keyboard.type(text, { delay: 8 });
      typed += text;
      await page.waitForTimeout(1_900 + burst * 60);
    }
    await saved(page);
    expect(typed.length).toBeGreaterThan(580);
    expect(patches.length).toBeGreaterThanOrEqual(3);
    expect(await serverText(id, 'events')).toBe(typed);
    expect((await editor(page, 'events').innerText()).trimEnd()).toBe(typed.trimEnd());
  });
});

describe('two devices editing one patient', () => {
  it('merges edits of different sections: both texts survive on both pages and on the server', async () => {
    const id = await createPatient('Merge');
    const { phone, phoneContext } = await onDevice();
    await openPatient(page, id);
    await openPatient(phone, id);
    // The desktop goes offline mid-edit, so its edit waits while the phone saves another section.
    await context.setOffline(true);
    await typeInto(page, 'events', 'Desktop events line.');
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    await typeInto(phone, 'exam', 'Phone exam line.');
    await saved(phone);
    await context.setOffline(false);
    await expect.poll(() => serverText(id, 'events'), { timeout: 20_000 }).toBe('Desktop events line.');
    expect(await serverText(id, 'exam')).toBe('Phone exam line.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => editor(page, 'exam').innerText(), { timeout: 15_000 }).toBe('Phone exam line.');
    await expect.poll(() => editor(phone, 'events').innerText(), { timeout: 15_000 }).toBe('Desktop events line.');
    expect(await editor(page, 'events').innerText()).toBe('Desktop events line.');
    await phoneContext.close();
  });

  const sameSection = async (lastname: string) => {
    const id = await createPatient(lastname);
    const { phone, phoneContext } = await onDevice();
    await openPatient(page, id);
    await openPatient(phone, id);
    await context.setOffline(true);
    await typeInto(page, 'exam', 'Desktop exam text.');
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    await typeInto(phone, 'exam', 'Phone exam text.');
    await saved(phone);
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'This patient changed on another device' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('heading', { name: sectionTitle('exam') }).isVisible()).toBe(true);
    expect(await dialog.getByText('Desktop exam text.').isVisible()).toBe(true);
    expect(await dialog.getByText('Phone exam text.').isVisible()).toBe(true);
    return { id, dialog, phone, phoneContext };
  };

  it("shows both versions of the same section; 'Keep mine' keeps the desktop's text everywhere", async () => {
    const { id, dialog, phone, phoneContext } = await sameSection('KeepMine');
    await page.waitForTimeout(300); // the dialog's opening transition
    await shot(page, 'patient-conflict');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => serverText(id, 'exam'), { timeout: 15_000 }).toBe('Desktop exam text.');
    await expect.poll(() => editor(page, 'exam').innerText(), { timeout: 15_000 }).toBe('Desktop exam text.');
    // The phone is told over the WebSocket and shows the kept text.
    await expect.poll(() => editor(phone, 'exam').innerText(), { timeout: 15_000 }).toBe('Desktop exam text.');
    await phoneContext.close();
  });

  it("'Use theirs' keeps the phone's text everywhere", async () => {
    const { id, dialog, phone, phoneContext } = await sameSection('UseTheirs');
    await dialog.getByRole('button', { name: 'Use theirs' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => editor(page, 'exam').innerText(), { timeout: 15_000 }).toBe('Phone exam text.');
    await saved(page);
    expect(await serverText(id, 'exam')).toBe('Phone exam text.');
    expect(await editor(phone, 'exam').innerText()).toBe('Phone exam text.');
    await phoneContext.close();
  });
});

describe('offline', () => {
  it('keeps an edit made offline across a reload, and saves it when the network is back', async () => {
    const id = await createPatient('Offline');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await openPatient(page, id);
    // The persisted query cache takes the patient (throttled writes): a reload offline shows it.
    await untilPersisted(page, id);
    // Chromium still sends the keepalive save of a page being unloaded under emulated offline: no network means none.
    const noNetwork = (route: { abort: (code: string) => Promise<void> }) => route.abort('internetdisconnected');
    await context.route(`**/api/patients/${id}`, noNetwork);
    await context.setOffline(true);
    await typeInto(page, 'events', 'Written on the ward without signal.');
    await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
    await shot(page, 'patient-offline-status');
    await expect.poll(async () => JSON.stringify(await storedValues(page, 'chartside-drafts', 'drafts')), { timeout: 10_000 }).toContain('Written on the ward without signal.');
    await page.reload();
    await expect.poll(() => editor(page, 'events').innerText(), { timeout: 20_000 }).toBe('Written on the ward without signal.');
    expect(await serverText(id, 'events')).toBe('');
    await context.unroute(`**/api/patients/${id}`, noNetwork);
    await context.setOffline(false);
    await expect.poll(() => serverText(id, 'events'), { timeout: 20_000 }).toBe('Written on the ward without signal.');
    await saved(page);
    // Saved: nothing is kept on the device any more, a reload shows the server's copy.
    await page.reload();
    await expect.poll(() => editor(page, 'events').innerText(), { timeout: 20_000 }).toBe('Written on the ward without signal.');
  });

  it('keeps an edit made while the server cannot be reached, the browser still online, and saves it by itself when the server is back', { timeout: 150_000 }, async () => {
    const proxy = await startCuttableProxy(runtime.port);
    const wardContext = await newContext(browser);
    try {
      const ward = await wardContext.newPage();
      await signIn(ward, proxy.url, user);
      await dismissOfflineNotice(ward);
      const id = await createPatient('Unreachable');
      await ward.goto(`${proxy.url}/panel/${id}`);
      await editor(ward, 'events').waitFor({ timeout: 20_000 });
      await editorsNearViewMounted(ward);

      // The server goes away: the realtime socket drops, a probe confirms it, and the app says it is offline.
      proxy.cut();
      await ward.getByText("You're offline").waitFor({ timeout: 20_000 });
      expect(await ward.evaluate(() => navigator.onLine)).toBe(true);
      await typeInto(ward, 'events', 'Typed while the server was away.');
      await ward.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });
      await ward.waitForTimeout(300); // the banner's transition, for the screenshot
      await shot(ward, 'patient-server-unreachable');
      expect(await serverText(id, 'events')).toBe('');

      // The server is back: nobody touches anything, and the edit is saved.
      proxy.restore();
      await expect.poll(() => serverText(id, 'events'), { timeout: 30_000 }).toBe('Typed while the server was away.');
      await saved(ward);
      expect(await ward.getByText("You're offline").isVisible()).toBe(false);
    } finally {
      await wardContext.close();
      await proxy.close();
    }
  });
});

describe('a large patient', () => {
  it('saves and loads a patient with 1 MB of note text', async () => {
    const big = noteSection(260_000);
    const id = await createPatient('Large', { events: { ...big }, exam: { ...noteSection(260_000, 2) } });
    const created = await call('GET', `/patients/${id}`);
    await call('PATCH', `/patients/${id}`, {
      version: created.version,
      visibleFields: ['events', 'exam', 'labs', 'imaging'],
      fields: { labs: noteSection(260_000, 3), imaging: noteSection(260_000, 4) },
    });
    const whole = await call('GET', `/patients/${id}`);
    expect(new TextEncoder().encode(JSON.stringify(whole.fields)).length).toBeGreaterThan(1_000_000);
    await page.goto(`${runtime.url}/panel/${id}`);
    // Typed into once its editor has loaded the section, not into the read-only stand-in shown meanwhile.
    await startUsingPage(page);
    await expect.poll(() => editor(page, 'exam').getAttribute('contenteditable'), { timeout: 60_000 }).toBe('true');
    await typeInto(page, 'exam', ' Added on the large patient.');
    // A big document types slowly: an autosave may land mid-sentence, the rest follows.
    await expect.poll(async () => sectionPlainText((await call('GET', `/patients/${id}`)).fields.exam?.deltaString ?? '').includes('Added on the large patient.'), { timeout: 30_000 }).toBe(true);
    const after = await call('GET', `/patients/${id}`);
    expect(after.fields.events).toEqual(whole.fields.events);
    expect(after.fields.labs).toEqual(whole.fields.labs);
    // And it loads again in the browser, with the edit.
    await page.reload();
    await expect.poll(async () => (await editor(page, 'exam').innerText()).includes('Added on the large patient.'), { timeout: 30_000 }).toBe(true);
  });
});
