// mayBeSignedIn reads what Amplify's own token store writes: checked against that store, not a copy of its key format.
import { DefaultTokenStore } from 'aws-amplify/auth/cognito';
import { defaultStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@chartside/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { configureAmplify, mayBeSignedIn } from './configure-amplify';

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
