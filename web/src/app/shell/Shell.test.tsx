import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unreadBadge } from '../../features/feed/queries';
import { apiError, fakeApi } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { installSignedInBrowser } from '../../test/signed-in-browser';
import { fakeMatchMedia } from '../../test/match-media';
import { storedSessionId, storeSessionId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = installSignedInBrowser();
  storeSessionId('session-1');
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderHome = async () => {
  const app = renderApp('/');
  await screen.findByText('Signed in as dr.grey@example.org');
  return { ...app, user: userEvent.setup() };
};

/** Opens the overflow menu and waits for its opening transition. */
const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  return shownMenu();
};

const shownMenu = async () => {
  const menu = await screen.findByRole('menu', {}, { timeout: 2_000 });
  await within(menu).findByRole('menuitem', { name: 'Logout' });
  return menu;
};

/** A screen at least Mantine's `sm` wide (jsdom's own matchMedia matches nothing: a phone). */
const wideScreen = () => vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === '(min-width: 48em)'));

describe('unreadBadge', () => {
  it.each([
    [0, undefined],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('unreadBadge(%i) is %j', (count, want) => expect(unreadBadge(count)).toBe(want));
});

describe('the top bar', () => {
  it('links the app name Home, and offers AI chat, Text transformer, Panel and Feed', async () => {
    wideScreen();
    const { user, router } = await renderHome();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Chartside' }).getAttribute('href')).toBe('/');
    expect(within(bar).getByRole('link', { name: 'AI chat' }).getAttribute('href')).toBe('/chat');
    expect(within(bar).getByRole('link', { name: 'Panel' }).getAttribute('href')).toBe('/panel');
    expect(within(bar).getByRole('link', { name: 'Feed' }).getAttribute('href')).toBe('/feed');

    await user.click(within(bar).getByRole('link', { name: 'Panel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/panel');
    expect(within(bar).getByRole('link', { name: 'Panel' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    [0, 'Feed', undefined],
    [7, 'Feed, 7 unread', '7'],
    [250, 'Feed, 99+ unread', '99+'],
  ])('shows %i unread feed items as %j', async (count, name, badge) => {
    api.state.unread = count;
    await renderHome();
    const feed = await screen.findByRole('link', { name });
    if (badge) expect(within(feed).getByText(badge)).toBeTruthy();
    else expect(feed.textContent).toBe('Feed');
  });

  it('opens the Text Transformer dialog frame', async () => {
    wideScreen();
    const { user } = await renderHome();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Text transformer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text Transformer' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Text Transformer' })).toBeNull());
  });

  it('has the overflow menu of the spec, usable from the keyboard', async () => {
    const { user, router } = await renderHome();
    screen.getByRole('button', { name: 'Menu' }).focus();
    await user.keyboard('{Enter}');
    const menu = await shownMenu();
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    // jsdom is a narrow screen: the top bar's buttons are in the menu too.
    expect(items).toEqual(['AI chat', 'Text transformer', 'Panel', 'New Resource', 'Templates', 'Documents', 'Admissions', 'Tools', 'Settings', 'Logout']);

    // Arrow keys move between the items, round from the top to Logout, then up to Settings.
    for (let i = 0; i < 3 && document.activeElement?.textContent !== 'Logout'; i += 1) await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('keeps only the app name, Feed and the menu on a phone', async () => {
    await renderHome();
    const bar = screen.getByRole('banner');
    expect(within(bar).getAllByRole('link').map((link) => link.textContent)).toEqual(['Chartside', 'Feed']);
    expect(within(bar).getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('opens the Create New Resource dialog frame from the menu', async () => {
    const { user } = await renderHome();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'New Resource' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Resource' })).toBeTruthy();
  });

  it('logs out: the session is marked signed out, the stored id and persisted data go, Amplify signs out, Login shows', async () => {
    const { user, router, queryClient, clearPersistedData, reload } = await renderHome();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    const [signOutCall] = api.calls('POST', '/sessions/session-1/sign-out');
    expect(signOutCall?.headers.get('x-session-id')).toBe('session-1');
    expect(storedSessionId()).toBeNull();
    expect(clearPersistedData).toHaveBeenCalled();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(queryClient.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([]));
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs out on this browser even when the server cannot be told', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('POST', '/sessions/{sessionId}/sign-out', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user, router } = await renderHome();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(storedSessionId()).toBeNull();
  });
});

describe('a session that ends elsewhere', () => {
  it('signs this browser out and reloads when the server pushes session.ended for its session', async () => {
    const { reload, clearPersistedData } = await renderHome();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => {
      FakeWebSocket.latest().serverOpens();
      FakeWebSocket.latest().serverSends({ type: 'session.ended', sessionId: 'session-1' });
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storedSessionId()).toBeNull();
    expect(clearPersistedData).toHaveBeenCalled();
    expect(signOut).toHaveBeenCalled();
  });

  it("ignores session.ended for another browser's session", async () => {
    const { reload } = await renderHome();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => {
      FakeWebSocket.latest().serverOpens();
      FakeWebSocket.latest().serverSends({ type: 'session.ended', sessionId: 'session-2' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).not.toHaveBeenCalled();
    expect(storedSessionId()).toBe('session-1');
  });

  it('signs out and reloads when any API call answers 401 session_ended', async () => {
    api.on('GET', '/feed/unread-count', apiError(401, 'session_ended', 'This session has ended.'));
    const { reload } = renderApp('/');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storedSessionId()).toBeNull();
    expect(signOut).toHaveBeenCalled();
  });
});

describe('the daily backup', () => {
  it('backs up the user document once per date, a second after it loads', async () => {
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await renderHome();
    expect(api.calls('POST', '/backups/daily')).toHaveLength(0);
    await waitFor(() => expect(api.calls('POST', '/backups/daily')).toHaveLength(1), { timeout: 2_500 });
    expect(api.calls('POST', '/backups/daily')[0]?.body).toEqual({ backupDate: date });
    expect(window.localStorage.getItem('chartside.dailyBackup.user-1')).toBe(date);
  });

  it('does not ask again the same date', async () => {
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    window.localStorage.setItem('chartside.dailyBackup.user-1', date);
    await renderHome();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(api.calls('POST', '/backups/daily')).toHaveLength(0);
  });
});
