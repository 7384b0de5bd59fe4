import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { Connectivity, healthProbe } from './connectivity';

describe('Connectivity', () => {
  let browserOnline: boolean;
  let serverUp: boolean;
  let probes: number;
  let connectivity: Connectivity;
  let changes: boolean[];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    browserOnline = true;
    serverUp = true;
    probes = 0;
    connectivity = new Connectivity({ initialMs: 1_000, maxMs: 4_000 }, () => browserOnline);
    connectivity.setProbe(async () => {
      probes += 1;
      return serverUp;
    });
    changes = [];
    connectivity.subscribe((online) => changes.push(online));
  });

  afterEach(() => {
    connectivity.dispose();
    vi.useRealTimers();
  });

  const browserGoes = (online: boolean) => {
    browserOnline = online;
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };

  it('is online while the browser is and the server answers', () => {
    expect(connectivity.isOnline()).toBe(true);
  });

  it('follows the browser going offline and back, without asking the server', async () => {
    browserGoes(false);
    expect(connectivity.isOnline()).toBe(false);
    browserGoes(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(true);
    expect(changes).toEqual([false, true]);
    expect(probes).toBe(0);
  });

  it('is offline when the server cannot be reached although the browser is online, and probes with backoff until it answers', async () => {
    serverUp = false;
    connectivity.reportUnreachable();
    expect(connectivity.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probes).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    await vi.advanceTimersByTimeAsync(4_000); // capped
    expect(probes).toBe(4);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(connectivity.isOnline()).toBe(true);
    expect(changes).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toBe(5);
  });

  it('reports each change once, however many requests fail', () => {
    connectivity.reportUnreachable();
    connectivity.reportUnreachable();
    connectivity.reportReachable();
    connectivity.reportReachable();
    expect(changes).toEqual([false, true]);
  });

  it('asks at once when the browser says it is back online, or the page is shown again', async () => {
    serverUp = false;
    connectivity.reportUnreachable();
    browserGoes(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(1);
    serverUp = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(2);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('takes a failure while the browser is offline as the browser being offline', async () => {
    browserGoes(false);
    connectivity.reportUnreachable();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toBe(0);
    browserGoes(true);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('checks on a hint (the socket could not connect): offline only when the probe fails too', async () => {
    connectivity.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(true);
    serverUp = false;
    connectivity.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(false);
    expect(changes).toEqual([false]);
  });
});

describe('healthProbe', () => {
  afterEach(() => vi.unstubAllGlobals());

  const probeAnswering = async (answer: () => Promise<Response>) => {
    const fetchMock = vi.fn<typeof fetch>(answer);
    vi.stubGlobal('fetch', fetchMock);
    const reached = await healthProbe('/api/')();
    return { reached, url: fetchMock.mock.calls[0]?.[0], init: fetchMock.mock.calls[0]?.[1] };
  };

  it("asks the health route, past the HTTP cache, and takes Chartside's report as an answer", async () => {
    const { reached, url, init } = await probeAnswering(async () => jsonResponse({ status: 'ok', dependencies: {} }));
    expect(reached).toBe(true);
    expect(url).toBe('/api/health');
    expect(init?.cache).toBe('no-store');
  });

  it('takes a degraded report (503) as the server answering', async () => {
    expect((await probeAnswering(async () => jsonResponse({ status: 'degraded', dependencies: { table: { ok: false } } }, 503))).reached).toBe(true);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ["a captive portal's sign-in page", async () => new Response('<html>Sign in to Hospital Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['some other JSON', async () => jsonResponse({ hello: 'world' })],
  ])('takes %s as no answer', async (_name, answer) => {
    expect((await probeAnswering(answer)).reached).toBe(false);
  });
});
