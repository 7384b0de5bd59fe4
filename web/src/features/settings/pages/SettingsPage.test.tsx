import type { UserDocument } from '@chartside/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { cognitoError, signedInSession, storeSessionId, testConfig, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));

let api: ReturnType<typeof fakeApi>;

/** PATCH /me as the server does it: refused with 409 unless `version` is current. */
const serveUserDocument = () =>
  api.on('PATCH', '/me', (request) => {
    const { version, ...changes } = request.body as Partial<UserDocument> & { version: number };
    if (version !== api.state.me.version) return apiError(409, 'version_conflict', 'Your settings changed on another device or tab.');
    api.state.me = { ...api.state.me, ...changes, version: version + 1 };
    return api.state.me;
  });

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  vi.mocked(fetchMFAPreference).mockResolvedValue({});
  api = fakeApi({ me: userDocument({ cprs: false, inpatient: true, showTimeTracker: false, showTimeTrackerTimes: false }) }).install();
  serveUserDocument();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId();
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderSettings = async (config = testConfig) => {
  const app = renderApp('/settings', config);
  await screen.findByRole('heading', { level: 2, name: 'Preferences' });
  return { ...app, user: userEvent.setup() };
};

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('SettingsPage: preferences', () => {
  it('shows the four switches from the user document, each with a description', async () => {
    await renderSettings();
    expect(toggle('CPRS record numbers').checked).toBe(false);
    expect(toggle('Inpatient').checked).toBe(true);
    expect(toggle('Time tracker').checked).toBe(false);
    expect(toggle('Time tracker times').checked).toBe(false);
    expect(toggle('Inpatient').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Show a room for each patient instead of an appointment time, and no follow-up field.')).toBeTruthy();
  });

  it('saves a switch with the document version, showing the change at once', async () => {
    const { user } = await renderSettings();
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    api.on('PATCH', '/me', async () => {
      await held;
      api.state.me = { ...api.state.me, cprs: true, version: 2 };
      return api.state.me;
    });
    await user.click(toggle('CPRS record numbers'));
    expect(toggle('CPRS record numbers').checked).toBe(true);
    act(() => answer?.());
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(1));
    expect(api.calls('PATCH', '/me')[0]?.body).toEqual({ version: 1, cprs: true });
  });

  it('saves quick changes one after another, each with the version the last one produced', async () => {
    const { user } = await renderSettings();
    await user.click(toggle('Time tracker'));
    await user.click(toggle('Time tracker times'));
    await user.click(toggle('Inpatient'));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(3));
    expect(api.calls('PATCH', '/me').map((r) => r.body)).toEqual([
      { version: 1, showTimeTracker: true },
      { version: 2, showTimeTrackerTimes: true },
      { version: 3, inpatient: false },
    ]);
    expect(toggle('Time tracker').checked).toBe(true);
    expect(toggle('Time tracker times').checked).toBe(true);
    expect(toggle('Inpatient').checked).toBe(false);
  });

  it('puts the switch back and says so when the save fails', async () => {
    api.on('PATCH', '/me', apiError(503, 'unavailable', 'The server is restarting.'));
    const { user } = await renderSettings();
    await user.click(toggle('Time tracker'));
    expect(await screen.findByText('The server is restarting.')).toBeTruthy();
    expect(screen.getByText('Time tracker was not saved')).toBeTruthy();
    await waitFor(() => expect(toggle('Time tracker').checked).toBe(false));
  });

  it('on a conflict, takes the latest document and applies just this switch to it', async () => {
    const { user } = await renderSettings();
    // Another device turned CPRS on meanwhile (version 2).
    api.state.me = { ...api.state.me, cprs: true, version: 2 };
    await user.click(toggle('Time tracker'));
    await waitFor(() => expect(api.calls('PATCH', '/me')).toHaveLength(2));
    expect(api.calls('PATCH', '/me').map((r) => r.body)).toEqual([
      { version: 1, showTimeTracker: true },
      { version: 2, showTimeTracker: true },
    ]);
    await waitFor(() => expect(toggle('CPRS record numbers').checked).toBe(true));
    expect(toggle('Time tracker').checked).toBe(true);
    expect(api.state.me).toMatchObject({ cprs: true, showTimeTracker: true, version: 3 });
  });

  it("applies a change made on the user's other device", async () => {
    await renderSettings();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    api.state.me = { ...api.state.me, inpatient: false, version: 2 };
    act(() => {
      FakeWebSocket.latest().serverOpens();
      FakeWebSocket.latest().serverSends({ type: 'user.updated', version: 2 });
    });
    await waitFor(() => expect(toggle('Inpatient').checked).toBe(false));
  });

  it('links to Sessions and Tags', async () => {
    await renderSettings();
    expect(screen.getByRole('link', { name: 'Sessions' }).getAttribute('href')).toBe('/sessions');
    expect(screen.getByRole('link', { name: 'Tags' }).getAttribute('href')).toBe('/tags');
  });
});

describe('SettingsPage: authenticator app', () => {
  const security = () => screen.getByRole('region', { name: 'Security' });
  const getSetupUri = vi.fn((app: string, account?: string) => new URL(`otpauth://totp/${app}:${account}?secret=ABCDEFGHIJKLMNOP&issuer=${app}`));

  beforeEach(() => {
    vi.mocked(setUpTOTP).mockResolvedValue({ sharedSecret: 'ABCDEFGHIJKLMNOP', getSetupUri });
  });

  it('sets one up: QR code and secret, then a code from the app, then preferred', async () => {
    const { user } = await renderSettings();
    expect(await within(security()).findByText('Off')).toBeTruthy();
    await user.click(within(security()).getByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(security()).findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(getSetupUri).toHaveBeenCalledWith('Chartside', 'dr.grey@example.org');
    expect(within(security()).getByRole('textbox', { name: 'Secret key' })).toHaveProperty('value', 'ABCD EFGH IJKL MNOP');

    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    await user.type(within(security()).getByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(within(security()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authenticator app set up')).toBeTruthy();
    expect(verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(await within(security()).findByText('On')).toBeTruthy();
    expect(within(security()).queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
  });

  it('keeps the set-up open and says so when the code is wrong', async () => {
    vi.mocked(verifyTOTPSetup).mockRejectedValue(cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'));
    const { user } = await renderSettings();
    await user.click(await within(security()).findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await within(security()).findByRole('textbox', { name: /^Code/ }), '000000');
    await user.click(within(security()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong code. Enter the current code from your authenticator app.')).toBeTruthy();
    expect(updateMFAPreference).not.toHaveBeenCalled();
    expect(within(security()).getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
  });

  it('turns it off after a confirmation', async () => {
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    const { user } = await renderSettings();
    await user.click(await within(security()).findByRole('button', { name: 'Turn off authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    vi.mocked(fetchMFAPreference).mockResolvedValue({});
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Authenticator app turned off')).toBeTruthy();
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    expect(await within(security()).findByText('Off')).toBeTruthy();
  });

  it('does not offer turning it off when the deployment requires MFA', async () => {
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    await renderSettings({ ...testConfig, mfa: 'required' });
    expect(await within(security()).findByText('Your organization requires an authenticator app, so it stays on.')).toBeTruthy();
    expect(within(security()).queryByRole('button', { name: 'Turn off authenticator app' })).toBeNull();
  });
});
