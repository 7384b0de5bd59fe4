// Feed notifications in Chromium: switched on in Feed Settings, the subscription stored as this device's record; a feed
// update finding items that match a keyword makes the server push (web-push: VAPID, aes128gcm) to the push-service
// double, and that push, decrypted as the browser would, delivered to the service worker (CDP) shows a notification.
// Switching off removes the record; a browser that refuses notifications says so.
//
// Chromium cannot subscribe here: its push service (Google's) is out of reach, and Playwright's incognito-like contexts
// have no Push API subscription at all. So the browser's registration with its vendor's push service, an outside
// service, is the one thing replaced: pushManager.subscribe answers with a subscription at the push-service double whose
// P-256 key pair and auth secret this test made. Everything else is the real app, service worker and server.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { startFeedFixtures, type FeedFixtures, type FixtureItem } from '../harness/feed-fixtures';
import { browserSubscription, decryptPush, startPushService, type BrowserSubscription, type PushServiceDouble } from '../harness/push-service';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

let runtime: TestRuntime;
let browser: Browser;
let fixtures: FeedFixtures;
let pushService: PushServiceDouble;

beforeAll(async () => {
  [browser, fixtures, pushService] = await Promise.all([launchBrowser(), startFeedFixtures(), startPushService()]);
  runtime = await startRuntime({ env: { NODE_EXTRA_CA_CERTS: pushService.certificatePath, ARTICLE_ALLOW_PRIVATE_HOSTS: 'true', FEED_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await Promise.all([fixtures?.close(), pushService?.close()]);
});

const SWITCH = 'Notify me of new items matching my keywords';
const item = (n: number, title: string): FixtureItem => ({ id: `e2e-push-${n}`, title, published: `2026-11-2${n}T08:00:00Z` });

/** pushManager as the browser's push service registration would answer, kept across reloads of the page. */
const subscribeToDouble = (context: BrowserContext, subscription: BrowserSubscription) =>
  context.addInitScript((json) => {
    const KEY = 'test.pushSubscription';
    const make = (applicationServerKey: string) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(applicationServerKey), (c) => c.charCodeAt(0)).buffer },
      toJSON: () => ({ ...json, expirationTime: null }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as Uint8Array)));
      localStorage.setItem(KEY, key);
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return (key ? make(key) : null) as unknown as PushSubscription | null;
    };
  }, subscription.json);

const openSettings = async (page: Page, user: TestUser) => {
  await signIn(page, runtime.url, user);
  await page.goto(`${runtime.url}/feed/settings`);
  await dismissOfflineNotice(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
};

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown })),
  );

describe('feed notifications', () => {
  it('switched on, a feed update pushes the matching items, and the service worker shows them; switched off, the record goes', async () => {
    const user = await createUser(runtime);
    const call = api(runtime, await signedIn(runtime, user));
    await call('PUT', '/feed/settings', { version: 0, sources: [{ url: `${fixtures.url}/live/${user.userId}`, title: 'Journal' }], keywords: ['sepsis'] });
    const device = browserSubscription(`${pushService.url}/push/${user.userId}`);
    const context = await newContext(browser, DESKTOP, { serviceWorker: true });
    await context.grantPermissions(['notifications'], { origin: runtime.url });
    await subscribeToDouble(context, device);
    const page = await context.newPage();
    await openSettings(page, user);

    const toggle = page.getByRole('switch', { name: SWITCH });
    expect(await toggle.isChecked()).toBe(false);
    const [stored] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/feed/push/devices/') && r.request().method() === 'PUT'),
      toggle.click({ force: true }),
    ]);
    expect(stored.status()).toBe(200);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // The browser subscribed with the key the server serves.
    const { publicKey } = (await call('GET', '/feed/push/public-key')).json as { publicKey: string };
    expect(await page.evaluate(() => localStorage.getItem('test.pushSubscription'))).toBe(Buffer.from(publicKey, 'base64url').toString('base64'));
    expect(((await call('GET', '/feed/push/devices')).json as { devices: unknown[] }).devices).toHaveLength(1);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: SWITCH }).isChecked()).toBe(true);
    await dismissOfflineNotice(page);
    await shot(page, 'feed-settings-notifications-desktop', true);

    fixtures.setItems(user.userId, [item(1, 'Statins in older adults'), item(2, 'Sepsis fluids trial'), item(3, 'Sepsis in pregnancy')]);
    expect((await call('POST', '/feed/refresh')).json).toMatchObject({ added: 3 });
    const [push] = pushService.received(user.userId);
    const payload = decryptPush(push!, device);
    expect(JSON.parse(payload)).toEqual({ type: 'feed.new-items', count: 2, title: 'Sepsis in pregnancy', url: '/feed' });

    // What the browser does with a push it decrypted: hand it to the service worker's push handler.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const found = registrations.find((r) => r.scopeURL === `${runtime.url}/` && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    // A push service delivers again what the browser did not take (a worker still starting can miss a delivery);
    // a notice with the same tag replaces the one before, so a second delivery shows nothing twice.
    const deliver = async (data: string, title: string) => {
      for (let attempt = 1; ; attempt += 1) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${runtime.url}/`, registrationId, data });
        const shown = await expect.poll(async () => (await notifications(page)).some((n) => n.title === title), { timeout: 5_000 }).toBe(true).then(() => true, () => false);
        if (shown || attempt === 3) return;
      }
    };
    await deliver(payload, '2 new feed items');
    expect(await notifications(page)).toEqual([
      { title: '2 new feed items', body: 'Sepsis in pregnancy and 1 more matching your keywords', tag: 'chartside-feed', icon: `${runtime.url}/icon-192.png`, data: { url: '/feed' } },
    ]);
    // A later push replaces the notice (same tag) instead of piling up.
    await deliver(JSON.stringify({ type: 'feed.new-items', count: 1, title: 'Sepsis bundles', url: '/feed' }), 'New feed item');
    expect(await notifications(page)).toMatchObject([{ title: 'New feed item', body: 'Sepsis bundles' }]);

    const [removed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/feed/push/devices/') && r.request().method() === 'DELETE'),
      page.getByRole('switch', { name: SWITCH }).click({ force: true }),
    ]);
    expect(removed.status()).toBe(200);
    await expect.poll(() => page.getByRole('switch', { name: SWITCH }).isChecked()).toBe(false);
    expect((await call('GET', '/feed/push/devices')).json).toEqual({ devices: [] });
    await context.close();
  });

  it('says so when the browser does not allow notifications, and stores nothing', async () => {
    const user = await createUser(runtime);
    const context = await newContext(browser, PHONE, { serviceWorker: true });
    const page = await context.newPage();
    await openSettings(page, user);
    await page.getByRole('switch', { name: SWITCH }).click({ force: true });
    await page.getByRole('alert').filter({ hasText: /Notifications (were not allowed|are blocked)/ }).waitFor();
    expect(await page.getByRole('switch', { name: SWITCH }).isChecked()).toBe(false);
    expect((await api(runtime, await signedIn(runtime, user))('GET', '/feed/push/devices')).json).toEqual({ devices: [] });
    await page.getByRole('region', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await shot(page, 'feed-settings-notifications-phone');
    await context.close();
  });
});
