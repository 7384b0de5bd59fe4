// Amplify's Cognito client, pointed at the user pool named in the runtime config (a local endpoint when set). It is
// not on the first screen's JavaScript: start-up begins loading it, the first screen renders meanwhile, and every use
// of Amplify's auth API awaits amplifyAuth(), so no call can run before Amplify is configured.
import type { RuntimeConfig } from '@chartside/shared';

type AmplifyAuth = typeof import('aws-amplify/auth');

let configured: Promise<AmplifyAuth> | undefined;

export function configureAmplify({ userPoolId, userPoolClientId, userPoolEndpoint }: RuntimeConfig): void {
  configured = Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([{ Amplify }, auth]) => {
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
    return auth;
  });
}

/** Amplify's auth API, once configured (unconfigured before configureAmplify: Amplify then says so itself). */
export const amplifyAuth = (): Promise<AmplifyAuth> => configured ?? import('aws-amplify/auth');
