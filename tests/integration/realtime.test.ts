// The local WebSocket gateway with API Gateway semantics, and the push of user document changes.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientIdHeader } from '@chartside/shared';
import { api, type Auth } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket, openSocketAt, realtimeSocketUrl } from '../harness/socket';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let alice: Auth;
let bob: Auth;

beforeAll(async () => {
  const [aliceUser, bobUser] = await Promise.all([createUser(runtime), createUser(runtime)]);
  [alice, bob] = await Promise.all([signedIn(runtime, aliceUser), signedIn(runtime, bobUser)]);
});

describe('$connect', () => {
  const ticketOf = async (auth: Auth) => String((await api(runtime, auth)('POST', '/realtime/ticket')).json.ticket);

  it.each<[string, () => Record<string, string>]>([
    ['no ticket', () => ({})],
    ['an unknown ticket', () => ({ ticket: 'nope' })],
    // The access token no longer opens a socket: URLs end up in logs.
    ['an access token', () => ({ token: alice.token })],
  ])('refuses %s with 401', async (_what, query) => {
    await expect(openSocketAt(realtimeSocketUrl(runtime, query()))).rejects.toThrow('handshake refused: 401');
  });

  it('opens one socket per ticket: the same ticket again is refused', async () => {
    const ticket = await ticketOf(alice);
    const socket = await openSocketAt(realtimeSocketUrl(runtime, { ticket, clientId: 'tab-once' }));
    await expect(openSocketAt(realtimeSocketUrl(runtime, { ticket, clientId: 'tab-twice' }))).rejects.toThrow('handshake refused: 401');
    socket.close();
  });

  it('gives a ticket only to a live login session', async () => {
    const { status, json } = await api(runtime, { ...alice, sessionId: 'no-such-session' })('POST', '/realtime/ticket');
    expect(status).toBe(401);
    expect(json.error?.code).toBe('session_ended');
  });
});

describe('a client that goes away', () => {
  const ping = async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-after' });
    socket.send({ action: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  };

  // The handshake is checked asynchronously (the ticket is looked up): a tab closed meanwhile once stopped the runtime.
  it('during the handshake, with a reset, leaves the runtime serving', async () => {
    for (let i = 0; i < 10; i += 1) {
      const ticket = String((await api(runtime, alice)('POST', '/realtime/ticket')).json.ticket);
      const socket = net.connect(runtime.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [`GET /ws?ticket=${ticket}&clientId=tab-reset HTTP/1.1`, 'Host: localhost', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', '', ''].join('\r\n'),
      );
      socket.resetAndDestroy();
    }
    expect((await api(runtime)('GET', '/health')).status).toBe(200);
    await ping();
  });

  it('after a message over 128 KB is closed with 1009, and the runtime keeps serving', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-big' });
    socket.send({ action: 'ping', padding: 'x'.repeat(200_000) });
    expect(await socket.closed).toBe(1009);
    await ping();
  });
});

describe('$default', () => {
  it('answers a ping with a pong through PostToConnection', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-ping' });
    socket.send({ action: 'ping' });
    expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    socket.close();
  });

  it('survives an unknown message and stays open', async () => {
    const socket = await openSocket(runtime, { ...alice, clientId: 'tab-junk' });
    socket.send('not json at all');
    socket.send({ action: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  });
});

describe('user document changes', () => {
  it("are pushed to the user's other tabs, not to the tab that made them, and never to another user", async () => {
    const writer = await openSocket(runtime, { ...alice, clientId: 'tab-writer' });
    const otherDevice = await openSocket(runtime, { ...alice, clientId: 'tab-other' });
    const bobsTab = await openSocket(runtime, { ...bob, clientId: 'tab-bob' });

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
    const gone = await openSocket(runtime, { ...alice, clientId: 'tab-gone' });
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
