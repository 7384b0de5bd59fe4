import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { Connectivity } from '../connectivity/connectivity';
import { connectRealtime, HEARTBEAT_MS, parseRealtimeEvent, realtimeUrl, type RealtimeOptions } from './realtime-connection';

describe('realtimeUrl', () => {
  it.each([
    ['wss://app.example.org/ws', 'https://app.example.org/', 'wss://app.example.org/ws?ticket=t+1&clientId=tab-1'],
    ['/ws', 'http://localhost:8123/login', 'ws://localhost:8123/ws?ticket=t+1&clientId=tab-1'],
    ['/ws', 'https://chartside.example.org/', 'wss://chartside.example.org/ws?ticket=t+1&clientId=tab-1'],
  ])('realtimeUrl(%j) on %s is %s', (wsUrl, page, want) => expect(realtimeUrl(wsUrl, 't 1', 'tab-1', page)).toBe(want));
});

describe('parseRealtimeEvent', () => {
  it.each([
    ['{"type":"user.updated","version":3}', { type: 'user.updated', version: 3 }],
    ['{"type":"pong"}', { type: 'pong' }],
    ['{"type":"something.new"}', undefined],
    ['not json', undefined],
    [new ArrayBuffer(2), undefined],
  ])('parseRealtimeEvent(%j) is %j', (data, want) => expect(parseRealtimeEvent(data)).toEqual(want));
});

describe('connectRealtime', () => {
  let options: RealtimeOptions;
  let ticket: string | undefined;
  let serverUp: boolean;
  let connectivity: Connectivity;

  beforeEach(() => {
    serverUp = true;
    connectivity = new Connectivity({ initialMs: 1_000, maxMs: 1_000 }, () => true);
    connectivity.setProbe(async () => serverUp);
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    ticket = 'ticket-1';
    options = {
      wsUrl: 'wss://app.example.org/ws',
      clientId: 'tab-1',
      getTicket: async () => ticket,
      onEvent: vi.fn(),
      onReconnect: vi.fn(),
      backoff: { initialMs: 1_000, maxMs: 30_000 },
      connectivity,
    };
  });

  afterEach(() => {
    connectivity.dispose();
    vi.useRealTimers();
    FakeWebSocket.instances = [];
  });

  const connect = async () => {
    const connection = connectRealtime(options);
    await vi.advanceTimersByTimeAsync(0);
    return connection;
  };

  it('opens one socket with a ticket and the tab id, and passes on the events it understands', async () => {
    await connect();
    const socket = FakeWebSocket.latest();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(new URL(socket.url).searchParams.get('ticket')).toBe('ticket-1');
    expect(new URL(socket.url).searchParams.get('clientId')).toBe('tab-1');

    socket.serverOpens();
    socket.serverSends({ type: 'user.updated', version: 4 });
    socket.serverSends({ type: 'not.an.event' });
    socket.serverSends('garbage');
    expect(options.onEvent).toHaveBeenCalledTimes(1);
    expect(options.onEvent).toHaveBeenCalledWith({ type: 'user.updated', version: 4 });
  });

  it('opens nothing when closed before the first tick (a StrictMode remount)', async () => {
    connectRealtime(options).close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('reconnects after a drop with growing delays and a fresh ticket, then reports the reconnect', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    await connect();
    FakeWebSocket.latest().serverOpens();
    expect(options.onReconnect).not.toHaveBeenCalled();

    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    ticket = 'ticket-2';
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('ticket=ticket-2');

    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.latest().serverOpens();
    expect(options.onReconnect).toHaveBeenCalledTimes(1);
  });

  it('waits and retries while there is no ticket', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    ticket = undefined;
    await connect();
    expect(FakeWebSocket.instances).toHaveLength(0);
    ticket = 'ticket-1';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('asks whether the server is there when the socket drops, and retries at once when it can be reached again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    await connect();
    serverUp = false;
    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000); // the socket's first retry, while the probe still finds nothing
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().serverDrops(); // its next retry would wait 2 s
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1_000); // the probe's next try
    expect(connectivity.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1); // a timer set during a fake tick waits at least 1 ms
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('leaves the connectivity signal online when the socket drops but the server answers', async () => {
    await connect();
    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('pings once it opens, then to keep the connection open', async () => {
    await connect();
    FakeWebSocket.latest().serverOpens();
    expect(FakeWebSocket.latest().sent).toEqual(['{"action":"ping"}']);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(FakeWebSocket.latest().sent).toEqual(['{"action":"ping"}', '{"action":"ping"}']);
  });

  it('stops for good when closed', async () => {
    const connection = await connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    connection.close();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    socket.serverDrops();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
