// Points Amplify's Cognito client at the user pool named in the runtime config (a local endpoint when set).
import type { RuntimeConfig } from '@chartside/shared';
import { Amplify } from 'aws-amplify';

export function configureAmplify({ userPoolId, userPoolClientId, userPoolEndpoint }: RuntimeConfig): void {
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
