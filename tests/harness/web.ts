// Driving the web app in Chromium as a clinician does: sign in (password, code, session options), take screenshots.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import { totpCode } from '../../infra/local/src/users';
import { screenshotDir } from './browser';
import { api } from './api';
import { runtimeConfig, signIn as cognitoTokens, type TestUser } from './users';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Where the web app keeps this browser's login-session id. */
export const SESSION_ID_KEY = 'chartside.sessionId';

export type SessionChoice =
  | { type: 'private' }
  | { type: 'public'; preset?: 2 | 6 | 12 | 24 }
  | { type: 'public'; custom: string; unit: 'Minutes' | 'Hours' };

/** Contexts whose pages install the app's service worker. */
const withServiceWorker = new WeakSet<BrowserContext>();

/**
 * A fresh browser profile. Its pages do not install the app's service worker unless asked (`serviceWorker`): for the
 * tests that go offline or take a push. Installing it means downloading and caching the whole app, a third of the CPU
 * a signed-in page costs, and the other tests never use it.
 */
export const newContext = async (
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'Europe/Paris', serviceWorkers: serviceWorker ? 'allow' : 'block' });
  // A guard for the waits that name no time of their own (clicks, responses), not a measure: under the suite's load a
  // page was busy past Playwright's 30 s default (a 1 MB patient's editors loading; a save's answer to the Home lists).
  context.setDefaultTimeout(60_000);
  if (serviceWorker) withServiceWorker.add(context);
  return context;
};

/** Collects every Content-Security-Policy violation reported in the context's pages ('directive blocked-uri'). */
export const recordCspViolations = async (context: BrowserContext): Promise<string[]> => {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  return violations;
};

/**
 * Waits for the one-time 'ready to work offline' notice, which comes once the service worker has cached the app, seconds
 * after sign-in, and dismisses it (it stays away then); a page without the service worker gets none: it would cover part of a screenshot, or arrive mid-drag.
 */
export const dismissOfflineNotice = async (page: Page) => {
  if (!withServiceWorker.has(page.context())) return; // no service worker, no notice
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  await dismiss.waitFor({ timeout: 15_000 }).then(() => dismiss.click(), () => undefined);
};

/**
 * The user starts using the page: the pointer moves. The rich texts near the view mount their editors only then
 * (web first-engagement.ts); a test that waits for an editor without having clicked or typed on the page calls this.
 */
export const startUsingPage = async (page: Page) => {
  // Two points: a move to where the pointer already is would not reach the page.
  await page.mouse.move(2, 2);
  await page.mouse.move(3, 3);
};

/** The user starts using the page, and every rich text near the view has mounted its editor (none is loading). */
export const editorsNearViewMounted = async (page: Page) => {
  await startUsingPage(page);
  const mounted = async () => (await page.locator('[contenteditable="true"]').count()) > 0 && (await page.locator('[aria-busy="true"]').count()) === 0;
  await expect.poll(mounted, { timeout: 20_000 }).toBe(true);
};

export const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });

/** The Login page's first step: email, password, Login. */
export const enterPassword = async (page: Page, origin: string, user: Pick<TestUser, 'email' | 'password'>) => {
  await page.goto(`${origin}/`);
  await page.waitForURL('**/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  // The password field's label also names its show/hide toggle.
  await page.getByLabel('Password').and(page.locator('input[type=password]')).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
};

/** The second step for a user with an authenticator: the current code, computed from the secret. */
export const enterCode = async (page: Page, secret: string) => {
  const code = page.getByRole('textbox', { name: /^Code/ });
  await code.waitFor({ timeout: 20_000 });
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
};

export const sessionDialog = (page: Page) => page.getByRole('dialog', { name: 'Login Session Options' });

/** Makes a choice in the 'Login Session Options' dialog (without pressing Continue). */
export const chooseSession = async (page: Page, choice: SessionChoice) => {
  const dialog = sessionDialog(page);
  await dialog.waitFor({ timeout: 20_000 });
  if (choice.type === 'private') return dialog.getByRole('radio', { name: /^Private/ }).check();
  await dialog.getByRole('radio', { name: /^Public/ }).check();
  if ('custom' in choice) {
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByText(choice.unit, { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Custom expiry' }).fill(choice.custom);
  } else if (choice.preset) {
    await dialog.getByRole('radio', { name: `${choice.preset} hours`, exact: true }).check();
  }
};

/** Presses Continue and waits for Home; returns the session the server started. */
export const continueToHome = async (page: Page, user: Pick<TestUser, 'email'>) => {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/sessions') && r.request().method() === 'POST');
  await sessionDialog(page).getByRole('button', { name: 'Continue' }).click();
  const session = (await (await created).json()) as { sessionId: string; type: string; expirationHours: number | null; expiresAt: string | null };
  await page.getByText(`Signed in as ${user.email}`).waitFor({ timeout: 20_000 });
  return session;
};

/** Signs in through the Login page all the way to Home: password, code (when the user has an authenticator), the session choice. */
export const signInThroughLoginPage = async (page: Page, origin: string, user: TestUser, choice: SessionChoice = { type: 'private' }) => {
  await enterPassword(page, origin, user);
  if (user.totpSecret) await enterCode(page, user.totpSecret);
  await chooseSession(page, choice);
  return continueToHome(page, user);
};

/**
 * Signs in to Home with a private session without the Login page, for the tests about something else (the sign-in
 * itself is tested through the page: sign-in, sessions, MFA). The tokens come from Cognito and the session from the
 * API, and are kept where the app keeps them after its own sign-in (Amplify's keys and the session id, in
 * localStorage): a second of CPU instead of the Login page's five (two page loads and the browser's SRP arithmetic).
 */
export const signIn = async (page: Page, origin: string, user: TestUser) => {
  const runtime = { url: origin };
  const { userPoolClientId } = await runtimeConfig(runtime);
  const tokens = await cognitoTokens(runtime, user, user.totpSecret ? () => totpCode(user.totpSecret!) : undefined);
  const { status, json } = await api(runtime, tokens.AccessToken!)('POST', '/sessions', { type: 'private' });
  if (status !== 200) throw new Error(`Could not start a session: ${status}`);
  const username = (JSON.parse(Buffer.from(tokens.AccessToken!.split('.')[1]!, 'base64url').toString()) as { username: string }).username;
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const stored = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.accessToken`]: tokens.AccessToken!,
    [`${prefix}.${username}.idToken`]: tokens.IdToken!,
    [`${prefix}.${username}.refreshToken`]: tokens.RefreshToken!,
    [`${prefix}.${username}.clockDrift`]: '0',
    [`${prefix}.${username}.signInDetails`]: JSON.stringify({ loginId: user.email, authFlowType: 'USER_SRP_AUTH' }),
    [SESSION_ID_KEY]: json.sessionId as string,
  };
  // Any same-origin document gives the page the origin's localStorage; the app's config is the smallest.
  await page.goto(`${origin}/config.json`);
  await page.evaluate((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), stored);
  await page.goto(`${origin}/`);
  await page.getByText(`Signed in as ${user.email}`).waitFor({ timeout: 20_000 });
  return json as { sessionId: string; type: string; expirationHours: number | null; expiresAt: string | null };
};

export const storedSessionId = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), SESSION_ID_KEY);

/**
 * Every value the app keeps in one IndexedDB object store of the page's origin; null when the database or the store
 * does not exist yet (it is never created here: an empty database would lack the store the app makes on first use).
 */
export const storedValues = (page: Page, database: string, store: string) =>
  page.evaluate(
    async ([database, store]) => {
      const db = await new Promise<IDBDatabase | undefined>((resolve) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => resolve(undefined);
      });
      if (!db?.objectStoreNames.contains(store)) return null;
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const all = db.transaction(store).objectStore(store).getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      db.close();
      return values;
    },
    [database, store] as const,
  );

/** The database and store of the app's persisted query cache (web/src/platform/offline/persisted-query-cache.ts). */
export const QUERY_CACHE = ['chartside-query-cache', 'keyval'] as const;

/**
 * Waits until the app's persisted query cache on this device holds `text`: a reload from then on finds it there (one
 * in the very moment the cache is being written would cut that write off). Without Vitest's expect, so the benchmarks
 * wait the same way.
 */
export const untilPersisted = async (page: Page, text: string, timeoutMs = 10_000) => {
  const deadline = performance.now() + timeoutMs;
  while (!JSON.stringify(await storedValues(page, ...QUERY_CACHE)).includes(text)) {
    if (performance.now() > deadline) throw new Error(`the app's persisted query cache did not come to hold ${text} within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
};

/**
 * The page's realtime socket once the server has registered it: the app pings as the socket opens, and the pong comes
 * back through the connection's record, so events sent from then on reach the page. The frame listener is attached as
 * the socket appears, so a fast pong is not missed.
 */
export const realtimeOpen = (page: Page) =>
  new Promise<WebSocket>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The realtime socket was not registered within 20 s.')), 20_000);
    const onSocket = (socket: WebSocket) => {
      if (new URL(socket.url()).pathname !== '/ws') return;
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"pong"')) return;
        clearTimeout(timer);
        page.off('websocket', onSocket);
        resolve(socket);
      });
    };
    page.on('websocket', onSocket);
  });
