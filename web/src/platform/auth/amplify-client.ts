// Amplify's Cognito client: the one module that imports Amplify, loaded on demand by configure-amplify.ts so that
// Amplify is not on the first screen's JavaScript (issue 19).
import type { RuntimeConfig } from '@chartside/shared';
import { Amplify } from 'aws-amplify';

export {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';

/** Points Amplify's Cognito client at the user pool named in the runtime config (a local endpoint when set). */
export function configure({ userPoolId, userPoolClientId, userPoolEndpoint }: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
