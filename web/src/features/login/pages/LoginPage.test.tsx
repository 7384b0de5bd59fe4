import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmSignIn, fetchAuthSession, signIn, type SignInOutput } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognitoError, jsonResponse, signedInSession, signedOutSession, userDocument } from '../../../test/fixtures';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { renderApp } from '../../../test/render-app';

// Only the outside world is faked: Amplify's Cognito calls, the network and the WebSocket.
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signIn: vi.fn(), confirmSignIn: vi.fn(), signOut: vi.fn() }));

const done: SignInOutput = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const totpRequired: SignInOutput = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } };

let signedIn = false;

beforeEach(() => {
  signedIn = false;
  vi.mocked(fetchAuthSession).mockImplementation(async () => (signedIn ? signedInSession() : signedOutSession()));
  vi.mocked(signIn).mockResolvedValue(done);
  vi.mocked(confirmSignIn).mockResolvedValue(done);
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(userDocument())));
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

  it('signs in with the trimmed email (SRP, the default flow) and goes Home', async () => {
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
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
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
      expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
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

  it('sends a visitor who is already signed in Home', async () => {
    signedIn = true;
    const { router } = renderApp('/login');
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
