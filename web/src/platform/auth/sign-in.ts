// Password sign-in with a TOTP second factor, and the authenticator set-up Cognito asks for when the
// deployment requires MFA and the user has none yet. Kept apart from session.ts so that only the login chunk
// carries the sign-in code.
import type { SignInOutput } from 'aws-amplify/auth';
import { amplifyAuth } from './configure-amplify';

export const TOTP_ISSUER = 'Chartside';

/** Loads Amplify ahead of a sign-in, while the user types: Login calls it once it shows (see configure-amplify.ts). */
export const prepareSignIn = (): void => void amplifyAuth();

export interface TotpSetup {
  /** The base32 secret, shown as text for typing into an authenticator app. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

export type SignInProgress = { step: 'signed-in' } | { step: 'code-required' } | { step: 'totp-setup'; setup: TotpSetup };

/** Amplify asked for a step Chartside does not offer (new password, email MFA, ...). */
export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';

  constructor(readonly step: string) {
    super(`This account needs a sign-in step Chartside does not support yet (${step}). Ask your administrator for help.`);
  }
}

const progressOf = ({ nextStep }: SignInOutput, email: string): SignInProgress => {
  switch (nextStep.signInStep) {
    case 'DONE':
      return { step: 'signed-in' };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'code-required' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const { sharedSecret, getSetupUri } = nextStep.totpSetupDetails;
      return { step: 'totp-setup', setup: { secret: sharedSecret, uri: getSetupUri(TOTP_ISSUER, email).toString() } };
    }
    default:
      throw new UnsupportedSignInStepError(nextStep.signInStep);
  }
};

export async function signInWithPassword(email: string, password: string): Promise<SignInProgress> {
  // Amplify's default flow, USER_SRP_AUTH: the password never leaves the browser (the local runtime speaks SRP too).
  return progressOf(await (await amplifyAuth()).signIn({ username: email, password }), email);
}

/** Answers the code step, or confirms a new authenticator with its first code (both are 6 digits). */
export async function confirmSignInCode(code: string, email: string): Promise<SignInProgress> {
  return progressOf(await (await amplifyAuth()).confirmSignIn({ challengeResponse: code }), email);
}
