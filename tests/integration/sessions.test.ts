// Login sessions through the real API, DynamoDB Local and the local Cognito: start, check, list, sign out, terminate all.
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { unknownLocation } from '@chartside/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, startSession, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { accessTokenOf, createUser, runtimeConfig, signIn, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);
const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const HOUR_MS = 3_600_000;

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createUser(runtime), createUser(runtime)]);
});

/** A session record written straight to the table, as a long-running browser would have left it. */
const storedSession = (user: TestUser, sessionId: string, fields: Record<string, unknown> = {}) => {
  const at = new Date(Date.now() - 2 * HOUR_MS).toISOString();
  return table.put({
    pk: `USER#${user.userId}`,
    sk: `SESSION#${sessionId}`,
    sessionId,
    createdAt: at,
    lastAccess: at,
    signedIn: true,
    type: 'public',
    description: 'Old browser',
    expiresAt: new Date(Date.now() - HOUR_MS).toISOString(),
    expirationHours: 1,
    userAgent: '',
    device: { type: 'Unknown', browser: 'Unknown', os: 'Unknown' },
    ipAddress: '',
    location: unknownLocation,
    language: '',
    current: true,
    ...fields,
  });
};

const sessionRecord = (user: TestUser, sessionId: string) => table.get(`USER#${user.userId}`, `SESSION#${sessionId}`);

const localCognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: `${runtime.url}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/** A new access token of the same sign-in, as Amplify refreshes one. */
const refreshed = async (refreshToken: string | undefined) => {
  const { userPoolClientId } = await runtimeConfig(runtime);
  const { AuthenticationResult } = await localCognito().send(new GetTokensFromRefreshTokenCommand({ ClientId: userPoolClientId, RefreshToken: refreshToken }));
  return AuthenticationResult!.AccessToken!;
};

/** A claim of a token the local Cognito issued (read, not verified: the API verifies). */
const claimOf = (token: string, claim: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>)[claim];

describe('POST /api/sessions', () => {
  it('starts a private session with the device from the User-Agent, the caller address and its location, and the language', async () => {
    const token = await accessTokenOf(runtime, alice);
    const { status, json } = await api(runtime, token)('POST', '/sessions', { type: 'private', language: 'en-US' }, { 'user-agent': chromeOnWindows });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      signedIn: true,
      type: 'private',
      expiresAt: null,
      expirationHours: null,
      description: 'Chrome 126 on Windows 10',
      userAgent: chromeOnWindows,
      device: { type: 'desktop', browser: 'Chrome 126', os: 'Windows 10' },
      ipAddress: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/),
      // Loopback is in no GeoIP database.
      location: unknownLocation,
      language: 'en-US',
      isCurrentSession: true,
    });
    expect(json.sessionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(json.lastAccess).toBe(json.createdAt);
  });

  it.each([
    [24, 24],
    [2.5, 2.5],
    [5 / 60, 5 / 60],
    [0.001, 1 / 60],
  ])('clamps a public session of %j hours to %j and expires it that long after it starts', async (hours, stored) => {
    const token = await accessTokenOf(runtime, alice);
    const { json } = await api(runtime, token)('POST', '/sessions', { type: 'public', expirationHours: hours });
    expect(json.expirationHours).toBeCloseTo(stored, 6);
    expect(Date.parse(String(json.expiresAt)) - Date.parse(String(json.createdAt))).toBe(Math.round(stored * HOUR_MS));
  });

  it.each([
    ['a public session without expirationHours', { type: 'public' }, /expirationHours/],
    ['more than 168 hours', { type: 'public', expirationHours: 169 }, /expirationHours/],
    ['an unknown type', { type: 'shared' }, /type/],
    ['an unknown field', { type: 'private', userId: 'someone' }, /Unrecognized key/],
  ])('refuses %s with 400', async (_what, body, message) => {
    const { status, json } = await api(runtime, await accessTokenOf(runtime, alice))('POST', '/sessions', body);
    expect(status).toBe(400);
    expect(json.error?.message).toMatch(message);
  });

  it('takes the current flag from the other sessions and signs out expired public ones', async () => {
    const user = await createUser(runtime);
    const first = await signedIn(runtime, user);
    await storedSession(user, 'expired-public-session');
    const second = await signedIn(runtime, user);
    expect(await sessionRecord(user, first.sessionId)).toMatchObject({ current: false, signedIn: true });
    expect(await sessionRecord(user, 'expired-public-session')).toMatchObject({ current: false, signedIn: false });
    expect(await sessionRecord(user, second.sessionId)).toMatchObject({ current: true, signedIn: true });
  });

  it('keeps records for 90 days after a session can last be used (TTL)', async () => {
    const auth = await signedIn(runtime, alice, { type: 'public', expirationHours: 2 });
    const record = await sessionRecord(alice, auth.sessionId);
    expect(Number(record?.ttl) * 1000).toBeCloseTo(Date.parse(String(record?.expiresAt)) + 90 * 24 * HOUR_MS, -4);
  });
});

describe('the session check on every other route', () => {
  let live: Auth;
  beforeAll(async () => {
    live = await signedIn(runtime, alice);
  });

  it('answers a request without a session id with 401 session_ended saying a session is needed', async () => {
    const { status, json } = await api(runtime, live.token)('GET', '/me');
    expect(status).toBe(401);
    expect(json.error).toMatchObject({ code: 'session_ended', message: expect.stringMatching(/needs a login session/) });
  });

  it.each([
    ['an unknown session id', 'no-such-session'],
    ['an id that is not an id', '../../USER'],
  ])('answers %s with 401 session_ended', async (_what, sessionId) => {
    const { status, json } = await api(runtime, { token: live.token, sessionId })('GET', '/me');
    expect(status).toBe(401);
    expect(json.error?.code).toBe('session_ended');
  });

  it("refuses another user's live session id: sessions are looked up under the token's user only", async () => {
    const bobs = await signedIn(runtime, bob);
    expect((await api(runtime, { token: live.token, sessionId: bobs.sessionId })('GET', '/me')).status).toBe(401);
    expect((await api(runtime, bobs)('GET', '/me')).json.userId).toBe(bob.userId);
  });

  it('signs out an expired public session when it is seen, and refuses it', async () => {
    await storedSession(alice, 'seen-expired', { current: false, signInId: claimOf(live.token, 'origin_jti') });
    const { status, json } = await api(runtime, { token: live.token, sessionId: 'seen-expired' })('GET', '/me');
    expect(status).toBe(401);
    expect(json.error?.message).toMatch(/expired/);
    expect(await sessionRecord(alice, 'seen-expired')).toMatchObject({ signedIn: false, signedOutAt: expect.any(String) });
  });

  it('GET /sessions/current answers the live session, marked current, and 401 once it has ended', async () => {
    const auth = await signedIn(runtime, alice, { type: 'public', expirationHours: 1 });
    const current = await api(runtime, auth)('GET', '/sessions/current');
    expect(current.status).toBe(200);
    expect(current.json).toMatchObject({ sessionId: auth.sessionId, isCurrentSession: true, signedIn: true, type: 'public' });
    await api(runtime, auth)('POST', `/sessions/${auth.sessionId}/sign-out`);
    expect((await api(runtime, auth)('GET', '/sessions/current')).json.error?.code).toBe('session_ended');
  });

  it('refuses a session signed out elsewhere (another Lambda instance) within the few seconds it is remembered', async () => {
    const auth = await signedIn(runtime, alice);
    expect((await api(runtime, auth)('GET', '/me')).status).toBe(200);
    await table.put({ ...(await sessionRecord(alice, auth.sessionId)), signedIn: false });
    await expect.poll(async () => (await api(runtime, auth)('GET', '/me')).json.error?.code, { timeout: 15_000, interval: 500 }).toBe('session_ended');
  });

  it('records the last access at most once a minute', async () => {
    const auth = await signedIn(runtime, alice);
    // Set before the session's first check: the API remembers a live session for a few seconds once it has read it.
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await table.put({ ...(await sessionRecord(alice, auth.sessionId)), lastAccess: longAgo });
    await api(runtime, auth)('GET', '/me');
    const touched = String((await sessionRecord(alice, auth.sessionId))?.lastAccess);
    expect(Date.parse(touched)).toBeGreaterThan(Date.now() - 10_000);

    await api(runtime, auth)('GET', '/me');
    expect((await sessionRecord(alice, auth.sessionId))?.lastAccess).toBe(touched);
  });
});

describe('GET /api/sessions', () => {
  it("lists every session of the user, most recent access first, the caller's marked current", async () => {
    const user = await createUser(runtime);
    const older = await signedIn(runtime, user);
    const newer = await signedIn(runtime, user, { type: 'public', expirationHours: 6, description: 'Clinic PC' });
    const { status, json } = await api(runtime, older)('GET', '/sessions');
    expect(status).toBe(200);
    const sessions = json.sessions as { sessionId: string; isCurrentSession: boolean; description: string }[];
    expect(sessions.map((s) => s.sessionId)).toEqual([newer.sessionId, older.sessionId]);
    expect(sessions.map((s) => s.isCurrentSession)).toEqual([false, true]);
    expect(sessions[0]?.description).toBe('Clinic PC');
  });
});

describe('signing out', () => {
  it('signs one session out, tells its browser over the WebSocket, and refuses it at once', async () => {
    const user = await createUser(runtime);
    const laptop = await signedIn(runtime, user);
    const phone = await signedIn(runtime, user);
    const laptopSocket = await openSocket(runtime, { ...laptop, clientId: 'laptop' });
    const otherUserSocket = await openSocket(runtime, { ...(await signedIn(runtime, bob)), clientId: 'bob' });

    const { status, json } = await api(runtime, phone)('POST', `/sessions/${laptop.sessionId}/sign-out`);
    expect(status).toBe(200);
    expect(json).toEqual({ signedOut: 1 });
    expect(await laptopSocket.next((m) => m.type === 'session.ended', 10_000)).toEqual({ type: 'session.ended', sessionId: laptop.sessionId });

    expect((await api(runtime, laptop)('GET', '/me')).json.error?.code).toBe('session_ended');
    expect((await api(runtime, phone)('GET', '/me')).status).toBe(200);
    expect((await api(runtime, phone)('POST', `/sessions/${laptop.sessionId}/sign-out`)).json).toEqual({ signedOut: 0 });
    expect(otherUserSocket.messages).toEqual([]);
    laptopSocket.close();
    otherUserSocket.close();
  });

  it("answers a foreign or unknown session id with 404 and leaves the other user's session alone", async () => {
    const mine = await signedIn(runtime, alice);
    const bobs = await signedIn(runtime, bob);
    for (const sessionId of [bobs.sessionId, 'unknown-session']) {
      const { status, json } = await api(runtime, mine)('POST', `/sessions/${sessionId}/sign-out`);
      expect(status).toBe(404);
      expect(json.error?.code).toBe('not_found');
    }
    expect((await api(runtime, bobs)('GET', '/sessions/current')).status).toBe(200);
  });

  it('signs the calling session itself out', async () => {
    const auth = await signedIn(runtime, alice);
    expect((await api(runtime, auth)('POST', `/sessions/${auth.sessionId}/sign-out`)).json).toEqual({ signedOut: 1 });
    expect((await api(runtime, auth)('GET', '/sessions')).status).toBe(401);
  });

  it('terminates all: every record signed out and pushed, Cognito refresh revoked, the old token cannot start a session', async () => {
    const user = await createUser(runtime);
    const tokens = await signIn(runtime, user);
    const sessions = [await startSession(runtime, tokens.AccessToken!), await signedIn(runtime, user), await signedIn(runtime, user)];
    const socket = await openSocket(runtime, { ...sessions[0]!, clientId: 'tab' });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // tokens carry whole seconds: this one is now from an earlier one

    const { status, json } = await api(runtime, sessions[0])('POST', '/sessions/sign-out-all');
    expect(status).toBe(200);
    expect(json).toEqual({ signedOut: 3 });
    for (const s of sessions) {
      await socket.next((m) => m.type === 'session.ended' && m.sessionId === s.sessionId, 1_000);
      expect((await api(runtime, s)('GET', '/me')).json.error?.code).toBe('session_ended');
    }
    socket.close();

    await expect(refreshed(tokens.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const stale = await api(runtime, tokens.AccessToken!)('POST', '/sessions', { type: 'private' });
    expect(stale.status).toBe(401);
    expect(stale.json.error?.code).toBe('session_ended');
    // A new sign-in starts over, and its session takes no token from before.
    const fresh = await signedIn(runtime, user);
    expect((await api(runtime, fresh)('GET', '/me')).status).toBe(200);
    for (const s of sessions) expect((await api(runtime, { token: s.token, sessionId: fresh.sessionId })('GET', '/me')).status).toBe(401);
  });

  it('refuses to start a session for a browser that still holds one that was signed out', async () => {
    const auth = await signedIn(runtime, alice);
    await api(runtime, auth)('POST', `/sessions/${auth.sessionId}/sign-out`);
    const { status, json } = await api(runtime, auth)('POST', '/sessions', { type: 'private' });
    expect(status).toBe(401);
    expect(json.error?.code).toBe('session_ended');
    // Without the old id the token still cannot: its sign-in ended with its session (logout). A new sign-in can.
    expect((await api(runtime, auth.token)('POST', '/sessions', { type: 'private' })).json.error?.code).toBe('session_ended');
    expect((await api(runtime, await signedIn(runtime, alice))('GET', '/me')).status).toBe(200);
  });
});

describe('a login session and the sign-in that started it', () => {
  it("after a remote sign-out, the signed-out browser's tokens (refreshed ones too) start no session and call nothing", async () => {
    const user = await createUser(runtime);
    const laptopTokens = await signIn(runtime, user);
    const laptop = await startSession(runtime, laptopTokens.AccessToken!);
    const phone = await signedIn(runtime, user);
    expect((await api(runtime, { token: laptop.token, sessionId: phone.sessionId })('GET', '/me')).status).toBe(401);
    const laptopRefreshed = await refreshed(laptopTokens.RefreshToken);
    expect(claimOf(laptopRefreshed, 'origin_jti')).toBe(claimOf(laptop.token, 'origin_jti'));
    expect((await api(runtime, { token: laptopRefreshed, sessionId: laptop.sessionId })('GET', '/me')).status).toBe(200);

    expect((await api(runtime, phone)('POST', `/sessions/${laptop.sessionId}/sign-out`)).json).toEqual({ signedOut: 1 });

    for (const token of [laptop.token, laptopRefreshed]) {
      const started = await api(runtime, token)('POST', '/sessions', { type: 'private' });
      expect(started.status).toBe(401);
      expect(started.json.error?.code).toBe('session_ended');
      // Not with its own (ended) session, nor with a live one of the same user whose id it learned from the list.
      for (const sessionId of [laptop.sessionId, phone.sessionId]) {
        for (const path of ['/me', '/sessions', '/sessions/current']) {
          expect((await api(runtime, { token, sessionId })('GET', path)).status).toBe(401);
        }
      }
    }
    expect((await api(runtime, phone)('GET', '/me')).status).toBe(200);
  });

  it("refuses a new session to the sign-in of a public session that has expired", async () => {
    const token = await accessTokenOf(runtime, alice);
    await storedSession(alice, 'expired-with-its-sign-in', { current: false, signInId: claimOf(token, 'origin_jti') });
    const { status, json } = await api(runtime, token)('POST', '/sessions', { type: 'private' });
    expect(status).toBe(401);
    expect(json.error?.message).toMatch(/sign in again/);
  });

  it('refuses a session record that names no sign-in (written before sessions were bound to one)', async () => {
    const auth = await signedIn(runtime, alice);
    const { signInId: _signInId, ...unbound } = (await sessionRecord(alice, auth.sessionId))!;
    await table.put({ ...unbound, sessionId: 'unbound-session', sk: 'SESSION#unbound-session' });
    expect((await api(runtime, { token: auth.token, sessionId: 'unbound-session' })('GET', '/me')).json.error?.code).toBe('session_ended');
  });
});
