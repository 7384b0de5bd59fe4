// Amplify's Cognito client (amplify-client.ts) is not on the first screen's JavaScript. A signed-in page's start-up
// begins loading it at once (its first requests need the token) and renders meanwhile; a signed-out visitor's Login
// loads its own chunk first and Amplify once it shows (prepareSignIn), so the two do not share a slow link. Every use of
// Amplify's auth API awaits amplifyAuth(), which loads it if need be, so no call can run before Amplify is configured.
import type { RuntimeConfig } from '@chartside/shared';

type AmplifyClient = typeof import('./amplify-client');

/** How Amplify's token store (v6) names what it keeps in localStorage: `{prefix}.{app client id}.{user}.accessToken`. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let loadConfigured: (() => Promise<AmplifyClient>) | undefined;
let appClientId: string | undefined;

export function configureAmplify(config: RuntimeConfig): void {
  appClientId = config.userPoolClientId;
  let configured: Promise<AmplifyClient> | undefined;
  loadConfigured = () =>
    (configured ??= import('./amplify-client').then((client) => {
      client.configure(config);
      return client;
    }));
  if (mayBeSignedIn()) void loadConfigured();
}

/** Amplify's auth API, configured (unconfigured before configureAmplify: Amplify then says so itself). */
export const amplifyAuth = (): Promise<AmplifyClient> => loadConfigured?.() ?? import('./amplify-client');

/**
 * False when Amplify keeps no access token for this app in this browser: nobody is signed in, and Amplify need not be
 * loaded to say so (a signed-out visitor sees Login without waiting for it). True only means Amplify must be asked: a
 * token it keeps may have expired and fail to refresh.
 */
export function mayBeSignedIn(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  if (appClientId === undefined) return true;
  const prefix = `${TOKEN_KEY_PREFIX}.${appClientId}.`;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix) && key.endsWith('.accessToken')) return true;
    }
    return false;
  } catch {
    return true; // storage not readable here: Amplify says what it can
  }
}
