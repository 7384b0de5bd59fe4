import type { PutPushDeviceBody } from '@chartside/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { signedInSession, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const LABEL = 'Notify me of new items matching my keywords';
const toggle = () => screen.getByRole<HTMLInputElement>('switch', { name: LABEL });
const PUBLIC_KEY = Buffer.from(new Uint8Array(65).fill(4)).toString('base64url');
const subscriptionJson = { endpoint: 'https://push.example.org/send/1', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };

/** The browser side: a service worker registration whose pushManager subscribes, and notification permission. */
const stubBrowser = (permission: NotificationPermission, answer: NotificationPermission = permission) => {
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      subscription = {
        options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: true },
        toJSON: () => subscriptionJson,
        unsubscribe: vi.fn(async () => ((subscription = null), true)),
      } as unknown as PushSubscription;
      return subscription;
    }),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', Object.assign(class {}, { permission, requestPermission: vi.fn(async () => answer) }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: null, addEventListener: vi.fn(), removeEventListener: vi.fn(), getRegistration: async () => ({ pushManager }) } });
  return pushManager;
};

const setUp = (publicKey: string | null) => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId();
  const devices: { deviceId: string; lastUsed: string }[] = [];
  const api = fakeApi().install();
  api
    .on('GET', '/feed/settings', { version: 1, sources: [], keywords: ['sepsis'] })
    .on('GET', '/feed/push/public-key', { publicKey })
    .on('GET', '/feed/push/devices', () => ({ devices }))
    .on('PUT', '/feed/push/devices/{deviceId}', (_request, { deviceId }) => {
      devices.push({ deviceId: deviceId!, lastUsed: '2026-11-26T04:00:00.000Z' });
      return devices.at(-1);
    })
    .on('DELETE', '/feed/push/devices/{deviceId}', () => (devices.splice(0), { deleted: true }));
  return api;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  FakeWebSocket.instances = [];
});

describe('PushSwitch', () => {
  it('subscribes with the server key and stores this device, then unsubscribes and removes it', async () => {
    const pushManager = stubBrowser('granted');
    const api = setUp(PUBLIC_KEY);
    renderApp('/feed/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: LABEL }));
    await waitFor(() => expect(toggle().checked).toBe(true));
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(PUBLIC_KEY);
    const put = api.requests.find((r) => r.method === 'PUT' && r.path.startsWith('/feed/push/devices/'))!;
    expect(put.body as PutPushDeviceBody).toEqual({ endpoint: subscriptionJson.endpoint, keys: subscriptionJson.keys });

    await user.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(api.requests.find((r) => r.method === 'DELETE')?.path).toBe(put.path);
    expect(await pushManager.getSubscription()).toBeNull();
  });

  it('says notifications are blocked when the browser has blocked them, and stores nothing', async () => {
    const pushManager = stubBrowser('denied');
    const api = setUp(PUBLIC_KEY);
    renderApp('/feed/settings');
    await userEvent.setup().click(await screen.findByRole('switch', { name: LABEL }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked for Chartside in this browser/);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/feed/push/'))).toBe(false);
  });

  it('says so when the server has no push set up', async () => {
    stubBrowser('default');
    setUp(null);
    renderApp('/feed/settings');
    expect(await screen.findByText('Notifications are not set up on this server.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: LABEL })).toBeNull();
  });

  it('says so when the browser cannot push at all', async () => {
    setUp(PUBLIC_KEY);
    renderApp('/feed/settings');
    expect(await screen.findByText(/This browser cannot show notifications from web apps/)).toBeTruthy();
  });
});
