// The feed in the browser against publishers served by a fixture server this file starts: a source added in Feed Settings,
// the manual update, items and the top bar badge, the badge of another device following live over the WebSocket, read
// flags kept after a reload, and a hostile source showing its error while the good one still updates.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { startFeedFixtures, type FeedFixtures, type FixtureItem } from '../harness/feed-fixtures';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser } from '../harness/users';
import { dismissOfflineNotice, newContext, PHONE, realtimeOpen, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let fixtures: FeedFixtures;

const item = (n: number, title: string): FixtureItem => ({ id: `e2e-${n}`, title, summary: `<p>Summary of <em>${title}</em></p>`, published: `2026-11-2${n}T08:00:00Z` });

beforeAll(async () => {
  [browser, fixtures] = await Promise.all([launchBrowser(), startFeedFixtures()]);
});
afterAll(async () => {
  await browser?.close();
  await fixtures?.close();
});

describe('the feed', () => {
  it('adds a source, updates, counts unread in the badge live on another device, and keeps read flags after a reload', async () => {
    const user = await createUser(runtime);
    fixtures.setItems(user.userId, [item(1, 'Colchicine after myocardial infarction'), item(2, 'Sepsis fluids trial'), item(3, 'Statins in older adults')]);
    const desktop = await (await newContext(browser)).newPage();
    await signIn(desktop, runtime.url, user);

    await desktop.goto(`${runtime.url}/feed/settings`);
    await dismissOfflineNotice(desktop);
    await desktop.getByRole('checkbox', { name: 'The New England Journal of Medicine' }).waitFor();
    const addForm = desktop.getByRole('form', { name: 'Add a source' });
    await addForm.getByLabel('Feed address').fill(`${fixtures.url}/live/${user.userId}`);
    await addForm.getByLabel('Name').fill('Live journal');
    await addForm.getByRole('button', { name: 'Add source' }).click();
    await addForm.getByLabel('Feed address').fill(`${fixtures.url}/bad.xml`);
    await addForm.getByLabel('Name').fill('Broken source');
    await addForm.getByRole('button', { name: 'Add source' }).click();
    await desktop.getByRole('combobox', { name: /Items that mention/ }).fill('sepsis');
    await desktop.keyboard.press('Enter');
    const [saved] = await Promise.all([
      desktop.waitForResponse((r) => r.url().endsWith('/api/feed/settings') && r.request().method() === 'PUT'),
      desktop.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await shot(desktop, 'feed-settings-desktop', true);

    await desktop.getByRole('link', { name: 'Back to the feed' }).click();
    await desktop.getByRole('button', { name: 'Update feed' }).click();
    const items = desktop.getByRole('region', { name: 'Feed items' }).getByRole('article');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.first().getByRole('heading').textContent()).toBe('Statins in older adults');
    await desktop.getByRole('link', { name: 'Feed, 3 unread' }).waitFor();
    // The hostile source says what is wrong with it; the good one updated all the same.
    await expect.poll(() => desktop.getByText(/Broken source: This address did not answer an RSS, Atom or JSON feed/).isVisible()).toBe(true);
    await shot(desktop, 'feed-desktop');

    // A phone of the same user, its top bar open: the badge follows the desktop's changes without a reload.
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    const phoneSocket = realtimeOpen(phone);
    await phone.goto(`${runtime.url}/feed?show=all`);
    await phoneSocket;
    await phone.getByRole('link', { name: 'Feed, 3 unread' }).waitFor();

    await items.filter({ hasText: 'Sepsis fluids trial' }).getByRole('button', { name: /^Mark read/ }).click();
    await phone.getByRole('link', { name: 'Feed, 2 unread' }).waitFor();
    await expect.poll(() => items.count()).toBe(2);

    fixtures.setItems(user.userId, [item(1, 'Colchicine after myocardial infarction'), item(2, 'Sepsis fluids trial'), item(3, 'Statins in older adults'), item(4, 'Anticoagulation reversal')]);
    await desktop.getByRole('button', { name: 'Update feed' }).click();
    await phone.getByRole('link', { name: 'Feed, 3 unread' }).waitFor();
    await expect.poll(() => phone.getByRole('article').count()).toBe(4);
    await shot(phone, 'feed-phone');

    // Read flags are the server's: after a reload the read item is still read, and 'Matching my keywords' finds it.
    await desktop.goto(`${runtime.url}/feed?show=all&keywords=1`);
    const matching = desktop.getByRole('region', { name: 'Feed items' }).getByRole('article');
    await expect.poll(() => matching.count()).toBe(1);
    await matching.getByRole('button', { name: 'Mark unread: Sepsis fluids trial' }).waitFor();

    await desktop.goto(`${runtime.url}/feed`);
    await desktop.getByRole('button', { name: 'Mark all read' }).click();
    await phone.getByRole('link', { name: 'Feed', exact: true }).waitFor();
    await desktop.getByText('No unread items.').waitFor();
    await desktop.context().close();
    await phone.context().close();
  });
});
