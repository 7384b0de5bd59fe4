// The signed-in user's authenticator app (TOTP), managed from Settings: whether it is on, setting one up, turning it off.
import { amplifyAuth } from './configure-amplify';
import { TOTP_ISSUER, type TotpSetup } from './sign-in';

export async function hasAuthenticator(): Promise<boolean> {
  const { enabled } = await (await amplifyAuth()).fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
}

/** Starts a set-up: a new secret, and the QR code's URI naming Chartside and the user's email. */
export async function startAuthenticatorSetup(email: string): Promise<TotpSetup> {
  const details = await (await amplifyAuth()).setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** Confirms the set-up with a code from the app, then makes the app the preferred second factor. */
export async function confirmAuthenticatorSetup(code: string): Promise<void> {
  const auth = await amplifyAuth();
  await auth.verifyTOTPSetup({ code });
  await auth.updateMFAPreference({ totp: 'PREFERRED' });
}

export async function turnOffAuthenticator(): Promise<void> {
  await (await amplifyAuth()).updateMFAPreference({ totp: 'DISABLED' });
}
