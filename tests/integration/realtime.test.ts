// The local WebSocket gateway with API Gateway semantics, and the push of user document changes.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientIdHeader } from '@chartside/shared';
import { api, type Auth } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let alice: Auth;
let bob: Auth;

beforeAll(async () => {
  const [aliceUser, bobUser] = await Promise.all([createUser(runtime), createUser(runtime)]);
  [alice, bob] = await Promise.all([signedIn(runtime, aliceUser), signedIn(runtime, bobUser)]);
});

describe('$connect', () => {
  it.each([
    ['no token', {}],
    ['a bad token', { token: 'nope' }],
  ])('refuses %s with 401', async (_what, query) => {
    await expect(openSocket(runtime, query)).rejects.toThrow('handshake refused: 401');
  });
});

describe('$default', () => {
  it('answers a ping with a pong through PostToConnection', async () => {
    const socket = await openSocket(runtime, { token: alice.token, clientId: 'tab-ping' });
    socket.send({ action: 'ping' });
    expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    socket.close();
  });

  it('survives an unknown message and stays open', async () => {
    const socket = await openSocket(runtime, { token: alice.token, clientId: 'tab-junk' });
    socket.send('not json at all');
    socket.send({ action: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  });
});

describe('user document changes', () => {
  it("are pushed to the user's other tabs, not to the tab that made them, and never to another user", async () => {
    const writer = await openSocket(runtime, { token: alice.token, clientId: 'tab-writer' });
    const otherDevice = await openSocket(runtime, { token: alice.token, clientId: 'tab-other' });
    const bobsTab = await openSocket(runtime, { token: bob.token, clientId: 'tab-bob' });

    const asAlice = api(runtime, alice);
    const { version } = (await asAlice('GET', '/me')).json;
    const patched = await asAlice('PATCH', '/me', { version, cprs: true }, { [clientIdHeader]: 'tab-writer' });
    expect(patched.status).toBe(200);

    expect(await otherDevice.next((m) => m.type === 'user.updated')).toEqual({ type: 'user.updated', version: patched.json.version });
    await sleep(300);
    expect(writer.messages).toEqual([]);
    expect(bobsTab.messages).toEqual([]);
    for (const s of [writer, otherDevice, bobsTab]) s.close();
  });

  it('forgets a closed connection ($disconnect) so pushes do not fail', async () => {
    const gone = await openSocket(runtime, { token: alice.token, clientId: 'tab-gone' });
    gone.close();
    await sleep(200);
    const asAlice = api(runtime, alice);
    const { version } = (await asAlice('GET', '/me')).json;
    expect((await asAlice('PATCH', '/me', { version, inpatient: false })).status).toBe(200);
  });
});

describe('@connections management API', () => {
  it('answers 410 GoneException for an unknown connection', async () => {
    const response = await fetch(`${runtime.url}/@connections/unknown-id`, { method: 'POST', body: 'hi' });
    expect(response.status).toBe(410);
    expect(response.headers.get('x-amzn-errortype')).toBe('GoneException');
  });
});
