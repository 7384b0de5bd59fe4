// Password sign-in with an optional TOTP second factor. Kept apart from session.ts so that only the
// login chunk carries the sign-in code.
import { confirmSignIn, signIn, type SignInOutput } from 'aws-amplify/auth';

export type SignInProgress = 'signed-in' | 'code-required';

/** Amplify asked for a step Chartside does not offer yet (new password, TOTP setup, ...). */
export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';

  constructor(readonly step: string) {
    super(`This account needs a sign-in step Chartside does not support yet (${step}). Ask your administrator for help.`);
  }
}

const progressOf = ({ nextStep }: SignInOutput): SignInProgress => {
  switch (nextStep.signInStep) {
    case 'DONE':
      return 'signed-in';
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return 'code-required';
    default:
      throw new UnsupportedSignInStepError(nextStep.signInStep);
  }
};

export async function signInWithPassword(email: string, password: string): Promise<SignInProgress> {
  // Amplify's default flow, USER_SRP_AUTH: the password never leaves the browser (the local runtime speaks SRP too).
  return progressOf(await signIn({ username: email, password }));
}

export async function confirmSignInCode(code: string): Promise<SignInProgress> {
  return progressOf(await confirmSignIn({ challengeResponse: code }));
}
