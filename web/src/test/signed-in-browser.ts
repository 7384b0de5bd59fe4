// A browser signed in to Amplify (until the app calls signOut), talking to a fake API and a fake WebSocket.
// The test file must itself `vi.mock('aws-amplify/auth', ...)`: Vitest hoists mocks per file.
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { vi } from 'vitest';
import { fakeApi, type FakeApiState } from './fake-api';
import { FakeWebSocket } from './fake-web-socket';
import { signedInSession, signedOutSession } from './fixtures';

export const installSignedInBrowser = (state: Partial<FakeApiState> = {}) => {
  let signedIn = true;
  vi.mocked(fetchAuthSession).mockImplementation(async () => (signedIn ? signedInSession() : signedOutSession()));
  vi.mocked(signOut).mockImplementation(async () => {
    signedIn = false;
  });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return fakeApi(state).install();
};
