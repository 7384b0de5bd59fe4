// Patient data kept in the browser goes when the sign-in ends, in Chromium against the real runtime: a patient, a
// resource with a PDF and a hand-off are opened (the persisted query cache, the file cache and the hand-off's storage
// fill), a note is edited offline (a kept draft), then the user logs out, or their public session expires. Every
// IndexedDB database (each store's keys and values), every Cache Storage cache (each entry's URL and body),
// localStorage and sessionStorage are then searched for the distinctive strings: none may be left.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionTitle, type Patient, type Resource } from '@chartside/shared';
import { PDFDocument, PDFString } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { addFileToResource, textPdf } from '../harness/pdfs';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, newContext, shot, signInThroughLoginPage, startUsingPage, type SessionChoice } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;

const OFFLINE_STATUS = 'Offline — changes are kept on this device and saved when you are back online';

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
});

afterAll(async () => {
  await browser?.close();
});

const call = async <T>(method: string, path: string, body?: unknown) => {
  const { status, json, text } = await asUser(method, path, body);
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text}`);
  return json as unknown as T;
};

/** Words found nowhere else: each stands for one kind of patient data this browser was shown or given. */
const distinctive = (run: string) => ({
  patientName: `Quorvale${run}`,
  note: `Vesperlith${run}`,
  resourceName: `Drumhallow${run}`,
  inPdf: `Pellucian${run}`,
  handOff: `Tamberlow${run}`,
  typedOffline: `Ostrevane${run}`,
});
type Needles = ReturnType<typeof distinctive>;

/** A patient with a note, and a resource with a PDF whose document information carries `inPdf`, made through the API. */
const createRecords = async (needles: Needles) => {
  const patient = await call<Patient>('POST', '/patients', { lastname: needles.patientName, firstname: 'Test' });
  await call('PATCH', `/patients/${patient.id}`, {
    version: patient.version,
    visibleFields: ['events'],
    fields: { events: { deltaString: JSON.stringify([{ type: 'paragraph', content: `Seen on the ward: ${needles.note}.` }]), expanded: true } },
  });
  const resource = await call<Resource>('POST', '/resources', { name: needles.resourceName, type: 'files' });
  const pdf = await PDFDocument.load(await textPdf({ pages: 1 }));
  // The Subject as a literal string, so the needle sits in the PDF's bytes as it is (setSubject would hex-encode it).
  pdf.context.trailerInfo.Info = pdf.context.register(pdf.context.obj({ Subject: PDFString.of(needles.inPdf) }));
  await addFileToResource(asUser, resource, 'discharge-letter.pdf', await pdf.save({ useObjectStreams: false }));
  return { patientId: patient.id, resourceId: resource.id };
};

/**
 * Where in this browser's storage each needle is found: IndexedDB (every database, store, key and value, binary
 * parts read as text), Cache Storage (every cache, entry URL and body), localStorage and sessionStorage.
 */
const findStored = (page: Page, needles: string[]) =>
  page.evaluate(async (needles) => {
    const found = new Set<string>();
    const look = (where: string, text: string) => needles.filter((needle) => text.includes(needle)).forEach((needle) => found.add(`${needle} in ${where}`));
    const decode = (bytes: ArrayBuffer | ArrayBufferView) => new TextDecoder('latin1').decode(bytes);
    const textOf = async (value: unknown): Promise<string> => {
      if (value instanceof Blob) return decode(await value.arrayBuffer());
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return decode(value);
      if (value instanceof Map || value instanceof Set) return textOf([...value]);
      if (Array.isArray(value)) return (await Promise.all(value.map(textOf))).join('\n');
      if (value !== null && typeof value === 'object') return textOf(Object.entries(value).flat());
      return String(value);
    };
    const request = <T>(made: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((made.onsuccess = () => resolve(made.result)), (made.onerror = () => reject(made.error))));

    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction(store).objectStore(store);
        look(`IndexedDB ${name}/${store}`, await textOf([await request(objects.getAllKeys()), await request(objects.getAll())]));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) {
        const response = await cache.match(entry);
        look(`Cache Storage ${name} ${entry.url}`, `${entry.url}\n${response ? decode(await response.arrayBuffer()) : ''}`);
      }
    }
    for (const [kind, storage] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]] as const) {
      for (const key of Object.keys(storage)) look(`${kind} ${key}`, `${key}\n${storage.getItem(key)}`);
    }
    return [...found].sort();
  }, needles);

const events = (page: Page) => page.getByRole('textbox', { name: sectionTitle('events'), exact: true });

/**
 * Fills every store the app keeps patient data in: opens the patient and the resource's PDF, writes a hand-off, and
 * edits the note offline (kept on this device). Polls until each needle is stored, so the later absence means
 * something. Leaves the page offline on the patient.
 */
const fillBrowserStores = async (context: BrowserContext, page: Page, needles: Needles) => {
  const { patientId, resourceId } = await createRecords(needles);
  await page.goto(`${runtime.url}/resources/${resourceId}`);
  await page.getByRole('heading', { level: 1, name: needles.resourceName }).waitFor({ timeout: 20_000 });
  // Once the viewer shows the PDF, its bytes are kept on this device.
  await page.getByRole('button', { name: 'discharge-letter.pdf', exact: true }).click();
  await page.locator('.textLayer').getByText('Page 1 notes.', { exact: false }).first().waitFor({ timeout: 30_000 });

  await page.goto(`${runtime.url}/tools/signout`);
  const handOff = page.getByRole('region', { name: new RegExp(needles.patientName) });
  await handOff.getByRole('textbox', { name: 'Action list' }).fill(`Call family, ${needles.handOff}.`);

  await page.goto(`${runtime.url}/panel/${patientId}`);
  await expect.poll(() => events(page).innerText(), { timeout: 20_000 }).toContain(needles.note);
  // The note's editor is loaded (its code comes from the network the first time), not its read-only stand-in.
  await startUsingPage(page);
  await expect.poll(() => events(page).getAttribute('contenteditable'), { timeout: 20_000 }).toBe('true');
  // A reload offline is served by the service worker.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  // Chromium still sends a keepalive save of a page being unloaded under emulated offline: no network means none.
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  await events(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${needles.typedOffline}`, { delay: 5 });
  await page.getByText(OFFLINE_STATUS).waitFor({ timeout: 15_000 });

  const notStoredYet = async () => {
    const found = await findStored(page, Object.values(needles));
    return Object.values(needles).filter((needle) => !found.some((where) => where.startsWith(`${needle} in `)));
  };
  await expect.poll(notStoredYet, { timeout: 20_000 }).toEqual([]);
};

const waitForLogin = (page: Page) => page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 20_000 });

const signedInPage = async (choice: SessionChoice, { clock = false } = {}) => {
  const context = await newContext(browser, DESKTOP, { serviceWorker: true });
  // The page's clock runs as the real one; the expiry is reached by a jump instead of waiting it out.
  if (clock) await context.clock.install();
  const page = await context.newPage();
  const session = await signInThroughLoginPage(page, runtime.url, user, choice);
  return { context, page, session };
};

describe('patient data kept in the browser', () => {
  it('is deleted at Logout', async () => {
    const needles = distinctive(crypto.randomUUID().slice(0, 8));
    const { context, page } = await signedInPage({ type: 'private' });
    await fillBrowserStores(context, page, needles);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes on this device' }).getByRole('button', { name: 'Sign out anyway' }).click({ timeout: 15_000 });
    await waitForLogin(page);
    await shot(page, 'browser-phi-after-logout');

    expect(await findStored(page, Object.values(needles))).toEqual([]);
    await context.close();
  });

  it('is deleted when a public session expires', async () => {
    const needles = distinctive(crypto.randomUUID().slice(0, 8));
    const { context, page, session } = await signedInPage({ type: 'public', custom: '10', unit: 'Minutes' }, { clock: true });
    await fillBrowserStores(context, page, needles);

    await page.clock.fastForward(Math.max(0, Date.parse(session.expiresAt!) - (await page.evaluate(() => Date.now())) + 1_000));
    await waitForLogin(page);
    await shot(page, 'browser-phi-after-expiry');

    expect(await findStored(page, Object.values(needles))).toEqual([]);
    await context.close();
  });
});
