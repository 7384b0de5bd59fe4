// The user document through the real API and DynamoDB Local: reads, version-checked writes, isolation, bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
let alice: TestUser;
let bob: TestUser;
let asAlice: ReturnType<typeof api>;
let asBob: ReturnType<typeof api>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createUser(runtime), createUser(runtime)]);
  asAlice = api(runtime, await signedIn(runtime, alice));
  asBob = api(runtime, await signedIn(runtime, bob));
});

describe('GET /api/me', () => {
  it("creates the user's document with defaults on first read, keyed by the token's subject", async () => {
    const { status, json } = await asAlice('GET', '/me');
    expect(status).toBe(200);
    expect(json).toMatchObject({ userId: alice.userId, email: alice.email, version: 1, cprs: false, inpatient: true, homeLists: [] });
  });
});

describe('PATCH /api/me', () => {
  it('changes only the named fields and bumps the version', async () => {
    const before = (await asAlice('GET', '/me')).json;
    const { status, json } = await asAlice('PATCH', '/me', { version: before.version, cprs: true, attendings: ['Dr Grey'], panelSortSelection: 'room' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ cprs: true, attendings: ['Dr Grey'], panelSortSelection: 'room', inpatient: before.inpatient, version: Number(before.version) + 1 });
    expect((await asAlice('GET', '/me')).json).toMatchObject({ cprs: true, attendings: ['Dr Grey'] });
  });

  it('refuses a write based on an old version with 409, and keeps the newer data', async () => {
    const { version } = (await asAlice('GET', '/me')).json;
    expect((await asAlice('PATCH', '/me', { version, showTimeTracker: true })).status).toBe(200);
    const stale = await asAlice('PATCH', '/me', { version, showTimeTracker: false });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.code).toBe('version_conflict');
    expect((await asAlice('GET', '/me')).json.showTimeTracker).toBe(true);
  });

  it.each([
    ['a wrong type', { cprs: 'yes' }, /cprs: .*expected boolean/],
    ['an unknown field', { isAdmin: true }, /Unrecognized key: "isAdmin"/],
    ['a server-owned field', { userId: 'someone-else' }, /Unrecognized key: "userId"/],
    ['a 1 MB string', { templates: { big: 'x'.repeat(1_000_000) } }, /templates\.big: Too big/],
    ['a 1 MB tag', { resourceTags: ['x'.repeat(1_000_000)] }, /resourceTags\.0: Too big/],
    ['a missing version', { version: undefined, cprs: true }, /version: Invalid input/],
  ])('answers %s with a 400 and a clear message', async (_what, change, message) => {
    const { version } = (await asAlice('GET', '/me')).json;
    const { status, json } = await asAlice('PATCH', '/me', { version, ...change });
    expect(status).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
    expect(json.error?.message).toMatch(message);
  });

  it.each([
    ['malformed JSON', '{"version": 1,', 'application/json', 400, 'bad_request'],
    ['a body that is not JSON', 'version=1', 'text/plain', 415, 'unsupported_media_type'],
    ['a body over the size limit', JSON.stringify({ version: 1, pad: 'x'.repeat(6_000_000) }), 'application/json', 413, 'payload_too_large'],
  ])('answers %s with a clear 4xx', async (_what, body, contentType, status, code) => {
    const result = await asAlice('PATCH', '/me', body, { 'content-type': contentType });
    expect(result.status).toBe(status);
    expect(result.json.error?.code).toBe(code);
  });

  it('refuses two home lists with one name (lists are found by name), whatever the case', async () => {
    const { version } = (await asAlice('GET', '/me')).json;
    const { status, json } = await asAlice('PATCH', '/me', { version, homeLists: [{ name: 'Cardiology', items: [] }, { name: 'cardiology ', items: [] }] });
    expect(status).toBe(400);
    expect(json.error?.message).toContain("A home list named 'cardiology' exists already. Choose another name.");
    expect((await asAlice('GET', '/me')).json.version).toBe(version);
  });

  it('refuses a change that would make the document too large to back up, with a 413 that says so', async () => {
    const { version } = (await asAlice('GET', '/me')).json;
    const templates = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`t${i}`, 'x'.repeat(90_000)]));
    const { status, json } = await asAlice('PATCH', '/me', { version, templates });
    expect(status).toBe(413);
    expect(json.error?.message).toMatch(/at most 300 KB fit/);
    expect((await asAlice('GET', '/me')).json.version).toBe(version);
  });
});

describe('isolation', () => {
  it("one user's token never reads or writes the other's document", async () => {
    const bobsDoc = (await asBob('GET', '/me')).json;
    expect(bobsDoc).toMatchObject({ userId: bob.userId, email: bob.email });
    await asBob('PATCH', '/me', { version: bobsDoc.version, attendings: ['Dr Bob'] });
    const alicesDoc = (await asAlice('GET', '/me')).json;
    expect(alicesDoc.userId).toBe(alice.userId);
    expect(alicesDoc.attendings).not.toContain('Dr Bob');
    // The user id comes from the token only: naming Bob in the body is refused, not obeyed.
    expect((await asAlice('PATCH', '/me', { version: alicesDoc.version, userId: bob.userId })).status).toBe(400);
    expect((await asBob('GET', '/me')).json.attendings).toEqual(['Dr Bob']);
  });
});

describe('authentication', () => {
  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-jwt'],
    ['a forged token (signature altered)', 'FORGE'],
  ])('answers %s with 401', async (_what, token) => {
    const real = await accessTokenOf(runtime, alice);
    const forged = token === 'FORGE' ? `${real.slice(0, -6)}AAAAAA` : token;
    for (const [method, body] of [['GET', undefined], ['PATCH', { version: 1, cprs: true }]] as const) {
      const { status, json } = await api(runtime, forged)(method, '/me', body);
      expect(status).toBe(401);
      expect(json.error?.code).toBe('unauthorized');
    }
  });

  it('refuses an ID token where an access token is required', async () => {
    const { signIn } = await import('../harness/users');
    const tokens = await signIn(runtime, alice);
    expect((await api(runtime, tokens.IdToken)('GET', '/me')).status).toBe(401);
  });

  it('stays healthy after all of the above', async () => {
    const { status, json } = await api(runtime)('GET', '/health');
    expect(status).toBe(200);
    expect(json.status).toBe('ok');
  });
});

describe('OpenAPI', () => {
  it('documents the routes generated from the shared contracts', async () => {
    const { status, json } = await api(runtime)('GET', '/openapi.json');
    expect(status).toBe(200);
    const paths = json.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/me'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(paths['/api/health']).toHaveProperty('get');
  });
});
