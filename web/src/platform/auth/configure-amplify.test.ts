// mayBeSignedIn reads what Amplify's own token store writes: checked against that store, not a copy of its key format.
// And Amplify itself is loaded at start only where it may hold a sign-in.
import { Amplify } from 'aws-amplify';
import { DefaultTokenStore } from 'aws-amplify/auth/cognito';
import { defaultStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@chartside/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { amplifyAuth, configureAmplify, mayBeSignedIn } from './configure-amplify';

const config: RuntimeConfig = { region: 'us-east-1', userPoolId: 'us-east-1_test', userPoolClientId: 'app-client', apiUrl: '/api', wsUrl: '/ws', mfa: 'optional' };

/** What Amplify's store asks of a token: its text. */
const token = (text: string) => ({ toString: () => text, payload: {} });

const amplifyTokenStore = (userPoolClientId: string) => {
  const store = new DefaultTokenStore();
  store.setAuthConfig({ Cognito: { userPoolId: config.userPoolId, userPoolClientId } });
  store.setKeyValueStorage(defaultStorage);
  return store;
};

describe('mayBeSignedIn', () => {
  afterEach(() => window.localStorage.clear());

  it('is false while Amplify keeps no token for the app, true once it keeps one, false again once it clears them', async () => {
    configureAmplify(config);
    expect(mayBeSignedIn()).toBe(false);
    const store = amplifyTokenStore(config.userPoolClientId);
    await store.storeTokens({ accessToken: token('access.jwt.text'), refreshToken: 'refresh', clockDrift: 0, username: 'clinician@example.org' });
    expect(mayBeSignedIn()).toBe(true);
    await store.clearTokens();
    expect(mayBeSignedIn()).toBe(false);
  });

  it("does not count another app client's tokens", async () => {
    configureAmplify(config);
    await amplifyTokenStore('another-client').storeTokens({ accessToken: token('other.jwt.text'), clockDrift: 0, username: 'clinician@example.org' });
    expect(mayBeSignedIn()).toBe(false);
  });

  it('leaves it to Amplify when the storage cannot be read', () => {
    configureAmplify(config);
    const unreadable = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
    };
    expect(mayBeSignedIn(unreadable)).toBe(true);
  });
});

describe('configureAmplify', () => {
  afterEach(() => window.localStorage.clear());

  const configuredClient = () => Amplify.getConfig().Auth?.Cognito.userPoolClientId;

  it('loads Amplify only when asked in a browser without a sign-in, and at once in one that may have one', async () => {
    configureAmplify(config);
    await vi.dynamicImportSettled();
    expect(configuredClient()).toBeUndefined();
    await amplifyAuth();
    expect(configuredClient()).toBe(config.userPoolClientId);

    const signedInClient = 'signed-in-client';
    await amplifyTokenStore(signedInClient).storeTokens({ accessToken: token('access.jwt.text'), clockDrift: 0, username: 'clinician@example.org' });
    configureAmplify({ ...config, userPoolClientId: signedInClient });
    await vi.dynamicImportSettled();
    expect(configuredClient()).toBe(signedInClient);
  });
});
