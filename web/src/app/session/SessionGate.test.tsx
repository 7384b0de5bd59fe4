import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { installSignedInBrowser } from '../../test/signed-in-browser';
import { loginSession, storedSessionId, storeSessionId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = installSignedInBrowser();
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const openDialog = async () => {
  const app = renderApp('/');
  const dialog = await screen.findByRole('dialog', { name: 'Login Session Options' });
  return { ...app, dialog, user: userEvent.setup() };
};

const createdWith = () => api.calls('POST', '/sessions')[0]?.body;

describe('Login Session Options', () => {
  it('starts a private session by default, stores its id and goes Home', async () => {
    const { dialog, user, router } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: /^Private \(persistent\)/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(createdWith()).toEqual({ type: 'private', language: navigator.language });
    expect(api.calls('POST', '/sessions')[0]?.headers.has('x-session-id')).toBe(false);
    expect(storedSessionId()).toBe('session-new');
    expect(router.state.location.pathname).toBe('/');
    // Every later request carries the new session.
    await waitFor(() => expect(api.calls('GET', '/me')[0]?.headers.get('x-session-id')).toBe('session-new'));
  });

  it('offers the presets 2, 6, 12 and 24 hours for a public session, 24 by default', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: /^Public \(auto-expiring\)/ }));
    const presets = within(dialog).getByRole('radiogroup', { name: 'Sign out after' });
    expect(within(presets).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['2', '6', '12', '24', 'custom']);
    expect(within(presets).getByRole('radio', { name: '24 hours' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Signed in as dr.grey@example.org');
    expect(createdWith()).toEqual({ type: 'public', expirationHours: 24, language: navigator.language });
  });

  it.each([2, 6, 12])('starts a public session of %i hours', async (hours) => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: /^Public/ }));
    await user.click(within(dialog).getByRole('radio', { name: `${hours} hours` }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Signed in as dr.grey@example.org');
    expect(createdWith()).toMatchObject({ type: 'public', expirationHours: hours });
  });

  const customExpiry = async (value: string, unit: 'Minutes' | 'Hours') => {
    const opened = await openDialog();
    const { dialog, user } = opened;
    await user.click(within(dialog).getByRole('radio', { name: /^Public/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    await user.click(within(dialog).getByRole('radio', { name: unit }));
    const input = within(dialog).getByRole('textbox', { name: 'Custom expiry' });
    if (value) await user.type(input, value);
    return { ...opened, input, continueButton: within(dialog).getByRole('button', { name: 'Continue' }) };
  };

  it.each([
    ['1.5', 'Hours', 'Enter a whole number of hours, from 1 to 168.'],
    ['0', 'Hours', 'Enter a whole number of hours, from 1 to 168.'],
    ['169', 'Hours', 'Enter a whole number of hours, from 1 to 168.'],
    ['-3', 'Hours', 'Enter a whole number of hours, from 1 to 168.'],
    ['two', 'Hours', 'Enter a whole number of hours, from 1 to 168.'],
    ['0', 'Minutes', 'Enter a whole number of minutes, from 1 to 10080.'],
    ['10081', 'Minutes', 'Enter a whole number of minutes, from 1 to 10080.'],
    ['2.5', 'Minutes', 'Enter a whole number of minutes, from 1 to 10080.'],
  ] as const)('marks a custom expiry of %s %s red and disables Continue', async (value, unit, message) => {
    const { input, continueButton, dialog } = await customExpiry(value, unit);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(continueButton).toHaveProperty('disabled', true);
  });

  it('disables Continue while the custom expiry is empty, without marking it red', async () => {
    const { input, continueButton } = await customExpiry('', 'Hours');
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(continueButton).toHaveProperty('disabled', true);
  });

  it.each([
    ['90', 'Minutes', 1.5],
    ['1', 'Minutes', 1 / 60],
    ['10080', 'Minutes', 168],
    ['1', 'Hours', 1],
    ['168', 'Hours', 168],
  ] as const)('starts a public session for a custom expiry of %s %s (%d hours)', async (value, unit, hours) => {
    const { input, continueButton, user } = await customExpiry(value, unit);
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(continueButton);
    await screen.findByText('Signed in as dr.grey@example.org');
    expect(createdWith()).toEqual({ type: 'public', expirationHours: hours, language: navigator.language });
  });

  it('re-checks the custom value when the unit changes: 500 is fine in minutes, not in hours', async () => {
    const { input, continueButton, dialog, user } = await customExpiry('500', 'Minutes');
    expect(continueButton).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('radio', { name: 'Hours' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(continueButton).toHaveProperty('disabled', true);
  });

  it('signs out and goes to Login on Cancel', async () => {
    const { dialog, user, router } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('POST', '/sessions')).toHaveLength(0);
  });
});

describe('a stored session, when the page loads', () => {
  it('goes on without the dialog while the session is live', async () => {
    storeSessionId('session-1');
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Login Session Options' })).toBeNull();
    expect(api.calls('GET', '/sessions/current')[0]?.headers.get('x-session-id')).toBe('session-1');
  });

  it('signs the browser out when the session has ended (signed out elsewhere, or expired)', async () => {
    storeSessionId('session-ended');
    const { router, clearPersistedData } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Your login session on this browser has ended. Sign in again.')).toBeTruthy();
    expect(storedSessionId()).toBeNull();
    expect(signOut).toHaveBeenCalled();
    expect(clearPersistedData).toHaveBeenCalled();
  });

  it('trusts the stored id while the server cannot be reached (offline), and loads the rest once the server is back', async () => {
    storeSessionId('session-1');
    let reachable = false;
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const current = api.state.session;
    api.on('GET', '/sessions/current', () => (reachable ? current : unreachable()));
    api.on('GET', '/health', () => (reachable ? { status: 'ok', dependencies: {} } : unreachable()));
    api.on('POST', '/realtime/ticket', () => (reachable ? { ticket: 'ticket-1', expiresInSeconds: 30 } : unreachable()));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByText("You're offline")).toBeTruthy();
    expect(storedSessionId()).toBe('session-1');
    expect(signOut).not.toHaveBeenCalled();

    reachable = true;
    expect(await screen.findByText('Signed in as dr.grey@example.org', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText("You're offline")).toBeNull();
    expect(storedSessionId()).toBe('session-1');
  });

  it("signs a public session's browser out when the session expires", async () => {
    storeSessionId('session-1');
    api.state.session = loginSession({ type: 'public', expirationHours: 1, expiresAt: new Date(Date.now() + 1_200).toISOString() });
    const { reload } = renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(storedSessionId()).toBeNull();
    expect(signOut).toHaveBeenCalled();
  });
});
