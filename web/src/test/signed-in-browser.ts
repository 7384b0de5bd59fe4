// A browser signed in to Amplify (until the app calls signOut), talking to a fake API and a fake WebSocket.
// The test file must itself `vi.mock('aws-amplify/auth', ...)`: Vitest hoists mocks per file.
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { vi } from 'vitest';
import { fakeApi, type FakeApiState } from './fake-api';
import { FakeWebSocket } from './fake-web-socket';
import { signedInSession, signedOutSession, testConfig } from './fixtures';

/** Where Amplify keeps the signed-in user's access token (configure-amplify.test.ts checks this against Amplify's store). */
const amplifyAccessTokenKey = `CognitoIdentityServiceProvider.${testConfig.userPoolClientId}.dr.grey@example.org.accessToken`;

export const installSignedInBrowser = (state: Partial<FakeApiState> = {}) => {
  let signedIn = true;
  window.localStorage.setItem(amplifyAccessTokenKey, signedInSession().tokens?.accessToken.toString() ?? '');
  vi.mocked(fetchAuthSession).mockImplementation(async () => (signedIn ? signedInSession() : signedOutSession()));
  vi.mocked(signOut).mockImplementation(async () => {
    signedIn = false;
    window.localStorage.removeItem(amplifyAccessTokenKey);
  });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return fakeApi(state).install();
};
