import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmSignIn, fetchAuthSession, signIn, type SignInOutput } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { cognitoError, signedInSession, signedOutSession, storedSessionId, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Only the outside world is faked: Amplify's Cognito calls, the network and the WebSocket.
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signIn: vi.fn(), confirmSignIn: vi.fn(), signOut: vi.fn() }));

const done: SignInOutput = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const totpRequired: SignInOutput = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } };

let signedIn = false;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  signedIn = false;
  vi.mocked(fetchAuthSession).mockImplementation(async () => (signedIn ? signedInSession() : signedOutSession()));
  vi.mocked(signIn).mockResolvedValue(done);
  vi.mocked(confirmSignIn).mockResolvedValue(done);
  api = fakeApi().install();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderLogin = async () => {
  const app = renderApp('/login');
  await screen.findByRole('button', { name: 'Login' });
  return { ...app, user: userEvent.setup() };
};

const enterPassword = async (user: ReturnType<typeof userEvent.setup>, email = 'dr.grey@example.org', password = 'Secret-123') => {
  await user.type(screen.getByLabelText('Email', { exact: false }), email);
  await user.type(screen.getByLabelText('Password', { exact: false, selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
};

/** After the password (and code): the session step, then Home. */
const choosePrivateSession = async (user: ReturnType<typeof userEvent.setup>) => {
  const dialog = await screen.findByRole('dialog', { name: 'Login Session Options' });
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
};

const troubleAlert = async () => {
  const title = await screen.findByText('Trouble Logging In');
  const alert = title.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error('The notification is not an alert.');
  return alert;
};

describe('LoginPage', () => {
  it('asks for email and password, titled Login', async () => {
    await renderLogin();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Login'));
  });

  it('signs in with the trimmed email (SRP, the default flow), then asks for the session type, then goes Home', async () => {
    const { user, router } = await renderLogin();
    vi.mocked(signIn).mockImplementation(async () => {
      signedIn = true;
      return done;
    });
    await enterPassword(user, '  dr.grey@example.org ');
    expect(signIn).toHaveBeenCalledWith({
      username: 'dr.grey@example.org',
      password: 'Secret-123',
    });
    await choosePrivateSession(user);
    expect(router.state.location.pathname).toBe('/');
    expect(storedSessionId()).toBe('session-new');
  });

  it("keeps this browser's stored session when it is still live: no dialog", async () => {
    storeSessionId('session-1');
    const { user } = await renderLogin();
    vi.mocked(signIn).mockImplementation(async () => {
      signedIn = true;
      return done;
    });
    await enterPassword(user);
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Login Session Options' })).toBeNull();
    expect(api.calls('GET', '/sessions/current')).toHaveLength(1);
    expect(api.calls('POST', '/sessions')).toHaveLength(0);
  });

  it('replaces a stored session that has ended with a new one, chosen in the dialog', async () => {
    storeSessionId('session-ended');
    const { user } = await renderLogin();
    vi.mocked(signIn).mockImplementation(async () => {
      signedIn = true;
      return done;
    });
    await enterPassword(user);
    await choosePrivateSession(user);
    expect(storedSessionId()).toBe('session-new');
  });

  it('shows Trouble Logging In when the session cannot be started', async () => {
    const { user } = await renderLogin();
    vi.mocked(signIn).mockImplementation(async () => {
      signedIn = true;
      return done;
    });
    api.on('POST', '/sessions', new Response('{"error":{"code":"unavailable","message":"The server is restarting."}}', { status: 503 }));
    await enterPassword(user);
    const dialog = await screen.findByRole('dialog', { name: 'Login Session Options' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await troubleAlert();
    expect(within(alert).getByText('The server is restarting.')).toBeTruthy();
    expect(storedSessionId()).toBeNull();
  });

  it('says what is missing instead of calling Cognito with empty fields', async () => {
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Enter your email')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAuthorizedException', 'Wrong email or password.'],
    ['UserNotFoundException', 'Wrong email or password.'],
    ['TooManyRequestsException', 'Too many attempts. Wait a few minutes, then try again.'],
  ])('shows Trouble Logging In when Cognito answers %s', async (name, reason) => {
    const { user, router } = await renderLogin();
    vi.mocked(signIn).mockRejectedValue(cognitoError(name));
    await enterPassword(user);
    const alert = await troubleAlert();
    expect(within(alert).getByText(reason)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  describe('with a second factor', () => {
    const reachCodeStep = async () => {
      const app = await renderLogin();
      vi.mocked(signIn).mockResolvedValue(totpRequired);
      await enterPassword(app.user);
      const code = await screen.findByRole('textbox', { name: /^Code/ });
      return { ...app, code, verify: screen.getByRole('button', { name: 'Verify' }) };
    };

    it('enables Verify only for exactly six digits', async () => {
      const { user, code, verify } = await reachCodeStep();
      expect(verify).toHaveProperty('disabled', true);

      await user.type(code, '12a3');
      expect(code).toHaveProperty('value', '123');
      expect(verify).toHaveProperty('disabled', true);

      await user.type(code, '45');
      expect(verify).toHaveProperty('disabled', true);

      await user.type(code, '6');
      expect(code).toHaveProperty('value', '123456');
      expect(verify).toHaveProperty('disabled', false);

      await user.type(code, '7');
      expect(code).toHaveProperty('value', '123456');
    });

    it('keeps the digits of a pasted code', async () => {
      const { user, code, verify } = await reachCodeStep();
      await user.click(code);
      await user.paste('123 456');
      expect(code).toHaveProperty('value', '123456');
      expect(verify).toHaveProperty('disabled', false);
    });

    it('verifies the code with Cognito and goes Home', async () => {
      const { user, code, router } = await reachCodeStep();
      vi.mocked(confirmSignIn).mockImplementation(async () => {
        signedIn = true;
        return done;
      });
      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '654321' });
      await choosePrivateSession(user);
      expect(router.state.location.pathname).toBe('/');
    });

    it('shows Trouble Logging In with the reason when the code is wrong', async () => {
      const { user, code } = await reachCodeStep();
      vi.mocked(confirmSignIn).mockRejectedValue(cognitoError('CodeMismatchException', 'Invalid code received for user'));
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      const alert = await troubleAlert();
      expect(within(alert).getByText('Wrong code. Enter the current code from your authenticator app.')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveProperty('value', '');
    });

    it('goes back to email and password on "Use a different account"', async () => {
      const { user } = await reachCodeStep();
      await user.click(screen.getByRole('button', { name: 'Use a different account' }));
      expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: /^Code/ })).toBeNull();
    });
  });

  it('explains a sign-in step Chartside does not offer yet', async () => {
    const { user } = await renderLogin();
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
    await enterPassword(user);
    const alert = await troubleAlert();
    expect(within(alert).getByText(/does not support yet \(RESET_PASSWORD\)/)).toBeTruthy();
  });

  describe('when the deployment requires MFA and the account has none', () => {
    const getSetupUri = vi.fn((app: string, account?: string) => new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`));
    const setupRequired: SignInOutput = {
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri } },
    };

    it('shows the QR code and the secret, confirms the first code, then continues to the session step', async () => {
      const { user } = await renderLogin();
      vi.mocked(signIn).mockResolvedValue(setupRequired);
      await enterPassword(user);
      expect(await screen.findByRole('heading', { name: 'Set up an authenticator app' })).toBeTruthy();
      const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(getSetupUri).toHaveBeenCalledWith('Chartside', 'dr.grey@example.org');
      expect(screen.getByRole('textbox', { name: 'Secret key' })).toHaveProperty('value', 'JBSW Y3DP EHPK 3PXP');

      vi.mocked(confirmSignIn).mockImplementation(async () => {
        signedIn = true;
        return done;
      });
      const verify = screen.getByRole('button', { name: 'Verify' });
      expect(verify).toHaveProperty('disabled', true);
      await user.type(screen.getByRole('textbox', { name: /^Code/ }), '123456');
      await user.click(verify);
      expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
      await choosePrivateSession(user);
    });

    it('says so when the first code is wrong, and stays on the set-up', async () => {
      const { user } = await renderLogin();
      vi.mocked(signIn).mockResolvedValue(setupRequired);
      await enterPassword(user);
      await screen.findByRole('img', { name: 'QR code for your authenticator app' });
      vi.mocked(confirmSignIn).mockRejectedValue(cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'));
      await user.type(screen.getByRole('textbox', { name: /^Code/ }), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      const alert = await troubleAlert();
      expect(within(alert).getByText('Wrong code. Enter the current code from your authenticator app.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Set up an authenticator app' })).toBeTruthy();
    });
  });

  it('sends a visitor who is already signed in Home', async () => {
    signedIn = true;
    storeSessionId();
    const { router } = renderApp('/login');
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
