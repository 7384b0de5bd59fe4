// Canned values for tests: a runtime config, a user document, Amplify sessions.
import { defaultUserFields, type RuntimeConfig, type UserDocument } from '@chartside/shared';
import type { fetchAuthSession } from 'aws-amplify/auth';

type AuthSession = Awaited<ReturnType<typeof fetchAuthSession>>;

export const testConfig: RuntimeConfig = {
  region: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client123',
  userPoolEndpoint: 'http://localhost:9229/',
  apiUrl: '/api',
  wsUrl: '/ws',
  mfa: 'optional',
};

export const userDocument = (overrides: Partial<UserDocument> = {}): UserDocument => ({
  ...defaultUserFields(),
  userId: 'user-1',
  email: 'dr.grey@example.org',
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const signedInSession = (accessToken = 'access-token'): AuthSession => ({
  tokens: { accessToken: { payload: {}, toString: () => accessToken } },
});

export const signedOutSession = (): AuthSession => ({});

/** An error as Amplify throws it: the Cognito exception name in `name`. */
export const cognitoError = (name: string, message = `${name} from Cognito`): Error =>
  Object.assign(new Error(message), { name });

/** A JSON answer for a stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
