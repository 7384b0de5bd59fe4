import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { loginSession, storedSessionId, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const current = loginSession();
const phone = loginSession({
  sessionId: 'session-2',
  isCurrentSession: false,
  type: 'public',
  expirationHours: 6,
  expiresAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  device: { type: 'mobile', browser: 'Safari', os: 'iOS' },
  location: { country: 'Unknown', region: 'Unknown', city: 'Unknown', timezone: 'Unknown', coords: null },
});
const old = loginSession({ sessionId: 'session-3', isCurrentSession: false, signedIn: false, device: { type: 'desktop', browser: 'Firefox', os: 'Windows' } });

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = installSignedInBrowser({ session: current, sessions: [current, phone, old] });
  storeSessionId('session-1');
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderSessions = async () => {
  const app = renderApp('/sessions');
  await screen.findByRole('heading', { level: 3, name: 'Safari on iOS' });
  return { ...app, user: userEvent.setup() };
};

const card = (name: string) => {
  const item = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`No session card for ${name}`);
  return item;
};

describe('SessionsPage', () => {
  it('lists every session with device, location, created, last access, type and expiry, the current one marked', async () => {
    const { user } = await renderSessions();
    const live = screen.getByRole('region', { name: 'Signed in (2)' });
    expect(within(live).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Chrome on macOS', 'Safari on iOS']);

    const mine = card('Chrome on macOS');
    expect(within(mine).getByText('This browser')).toBeTruthy();
    expect(within(mine).getByText('Desktop · Chrome · macOS')).toBeTruthy();
    expect(within(mine).getByText('Lyon, Auvergne-Rhône-Alpes, France')).toBeTruthy();
    expect(within(mine).getByText('Private (persistent)')).toBeTruthy();
    expect(within(mine).getByText('When you log out')).toBeTruthy();
    for (const label of ['Device', 'Location', 'Type', 'Signed in', 'Last access', 'Expires']) expect(within(mine).getByText(label)).toBeTruthy();

    const other = card('Safari on iOS');
    expect(within(other).queryByText('This browser')).toBeNull();
    expect(within(other).getByText('Unknown')).toBeTruthy();
    expect(within(other).getByText('Public (auto-expiring)')).toBeTruthy();

    // Signed-out sessions pile up: they are listed on demand.
    const ended = screen.getByRole('region', { name: 'Signed out (1)' });
    expect(within(ended).queryByRole('heading', { level: 3 })).toBeNull();
    await user.click(within(ended).getByRole('button', { name: 'Show' }));
    expect(within(ended).getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(ended).getByRole('heading', { level: 3, name: 'Firefox on Windows' })).toBeTruthy();
    expect(within(ended).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('signs another session out at once, then shows the list again', async () => {
    const { user } = await renderSessions();
    api.state.sessions = [current, { ...phone, signedIn: false }, old];
    await user.click(within(card('Safari on iOS')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.calls('POST', '/sessions/session-2/sign-out')).toHaveLength(1));
    expect(await screen.findByText('Safari on iOS is signed out of Chartside.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Signed out (2)' })).toBeTruthy();
    expect(storedSessionId()).toBe('session-1');
  });

  it('says so when a session cannot be signed out', async () => {
    api.on('POST', '/sessions/{sessionId}/sign-out', apiError(404, 'not_found', 'Session was not found.'));
    const { user } = await renderSessions();
    await user.click(within(card('Safari on iOS')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session was not found.')).toBeTruthy();
  });

  it('asks before signing out the current session, then logs this browser out', async () => {
    const { user, router } = await renderSessions();
    await user.click(within(card('Chrome on macOS')).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this browser?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/sessions/session-1/sign-out')).toHaveLength(0);

    await user.click(within(card('Chrome on macOS')).getByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out this browser?' })).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(api.calls('POST', '/sessions/session-1/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(storedSessionId()).toBeNull();
  });

  it('terminates all sessions after a confirmation, then signs this browser out', async () => {
    const { user, router, clearPersistedData } = await renderSessions();
    await user.click(screen.getByRole('button', { name: 'Terminate all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate all sessions?' });
    expect(within(dialog).getByText(/Every session is signed out, on every device, this browser included/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Terminate all sessions' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    const [call] = api.calls('POST', '/sessions/sign-out-all');
    expect(call?.headers.get('x-session-id')).toBe('session-1');
    expect(router.state.location.pathname).toBe('/login');
    expect(storedSessionId()).toBeNull();
    expect(signOut).toHaveBeenCalled();
    expect(clearPersistedData).toHaveBeenCalled();
  });

  it('stays signed in and says so when terminate-all fails', async () => {
    api.on('POST', '/sessions/sign-out-all', apiError(503, 'unavailable', 'Cognito did not answer.'));
    const { user, router } = await renderSessions();
    await user.click(screen.getByRole('button', { name: 'Terminate all sessions' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Terminate all sessions?' })).getByRole('button', { name: 'Terminate all sessions' }));
    expect(await screen.findByText('Cognito did not answer.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sessions');
    expect(storedSessionId()).toBe('session-1');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('refreshes when another session ends (pushed by the server)', async () => {
    await renderSessions();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    api.state.sessions = [current, old];
    act(() => {
      FakeWebSocket.latest().serverOpens();
      FakeWebSocket.latest().serverSends({ type: 'session.ended', sessionId: 'session-2' });
    });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Safari on iOS' })).toBeNull());
  });
});
