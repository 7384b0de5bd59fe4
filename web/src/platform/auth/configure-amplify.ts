// Amplify's Cognito client (amplify-client.ts) is not on the first screen's JavaScript: start-up begins loading it
// and the first screen renders meanwhile. Every use of Amplify's auth API awaits amplifyAuth(), so no call can run
// before Amplify is configured.
import type { RuntimeConfig } from '@chartside/shared';

type AmplifyClient = typeof import('./amplify-client');

let configured: Promise<AmplifyClient> | undefined;

export function configureAmplify(config: RuntimeConfig): void {
  configured = import('./amplify-client').then((client) => {
    client.configure(config);
    return client;
  });
}

/** Amplify's auth API, once configured (unconfigured before configureAmplify: Amplify then says so itself). */
export const amplifyAuth = (): Promise<AmplifyClient> => configured ?? import('./amplify-client');
