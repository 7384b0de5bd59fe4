// Canned values for tests: a runtime config, a user document, login sessions, Amplify sessions, library entries.
import { blankPatient, defaultUserFields, unknownLocation, type Patient, type ResourceSummary, type RuntimeConfig, type Session, type UserDocument } from '@chartside/shared';
import type { fetchAuthSession } from 'aws-amplify/auth';
import { SESSION_ID_KEY } from '../platform/auth/browser-session';

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

/** A live private login session of this browser, as the API returns it. */
export const loginSession = (overrides: Partial<Session> = {}): Session => ({
  sessionId: 'session-1',
  createdAt: '2025-03-01T08:00:00.000Z',
  lastAccess: '2025-03-01T09:30:00.000Z',
  signedIn: true,
  type: 'private',
  description: '',
  expiresAt: null,
  expirationHours: null,
  userAgent: 'Mozilla/5.0 (Macintosh) Chrome/130',
  device: { type: 'desktop', browser: 'Chrome', os: 'macOS' },
  ipAddress: '203.0.113.9',
  location: { country: 'France', region: 'Auvergne-Rhône-Alpes', city: 'Lyon', timezone: 'Europe/Paris', coords: null },
  language: 'en-US',
  isCurrentSession: true,
  ...overrides,
});

export const unknownPlaceSession = (overrides: Partial<Session> = {}): Session => loginSession({ location: unknownLocation, ...overrides });

/** This browser holds a session id, as after an earlier sign-in. */
export const storeSessionId = (sessionId = 'session-1'): void => window.localStorage.setItem(SESSION_ID_KEY, sessionId);

export const storedSessionId = (): string | null => window.localStorage.getItem(SESSION_ID_KEY);

const PATIENT_TIME = '2025-03-01T08:00:00.000Z';

/** A patient as the API returns it: version 3, saved by session 's-1', no sections unless given. */
export const patientRecord = (overrides: Partial<Patient> = {}): Patient => ({
  ...blankPatient('p-1', PATIENT_TIME),
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: '1956-03-14',
  mrn: '40012345',
  room: '4B-12',
  version: 3,
  lastSessionId: 's-1',
  ...overrides,
});

/** A library entry as lists show it, named `name` (its id too, unless given). */
export const resourceSummary = (name: string, overrides: Partial<ResourceSummary> = {}): ResourceSummary => ({
  id: name,
  name,
  type: 'text',
  tags: [],
  favorite: false,
  link: '',
  description: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
  fileCount: 0,
  sectionCount: 0,
  ...overrides,
});
