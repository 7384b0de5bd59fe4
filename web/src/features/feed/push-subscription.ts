// This browser's side of feed notifications: whether it can get web push at all, its device id (the device push token
// record's key, one per browser), and its PushSubscription from the service worker's pushManager.
import { createClientId } from '../../platform/client-id';

const DEVICE_ID_KEY = 'chartside.pushDeviceId';

/** Push needs a service worker, the Push API and notifications (Safari on iOS has them only once added to the home screen). */
export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Made once per browser and kept, so subscribing again replaces this device's record instead of adding another. */
export const pushDeviceId = (): string => {
  const stored = localStorage.getItem(DEVICE_ID_KEY);
  if (stored) return stored;
  const made = createClientId();
  localStorage.setItem(DEVICE_ID_KEY, made);
  return made;
};

/** What the browser said no to, in words a clinician can act on. */
export class PushRefused extends Error {
  override readonly name = 'PushRefused';
}

/** The service worker's registration; there is none in development (Vite's dev server) or before the first load ends. */
const registration = async (): Promise<ServiceWorkerRegistration> => {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushRefused('Notifications need the offline app, which is not installed in this tab yet. Reload the page and try again.');
  return found;
};

export const currentSubscription = async (): Promise<PushSubscription | null> =>
  (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription() ?? null;

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  return current !== null && current.byteLength === key.byteLength && new Uint8Array(current).every((byte, i) => byte === key[i]);
};

/** Asks for notification permission (when not yet asked) and subscribes this browser with the server's VAPID key. */
export const subscribeThisBrowser = async (publicKey: string): Promise<PushSubscription> => {
  if (Notification.permission === 'denied') {
    throw new PushRefused("Notifications are blocked for Chartside in this browser. Allow them in the site's settings (the icon beside the address), then switch this on again.");
  }
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('Notifications were not allowed, so none can be shown.');
  const { pushManager } = await registration();
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const existing = await pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot receive: make a new one.
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  try {
    return await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushRefused(`This browser could not subscribe to push messages${error instanceof Error && error.message ? ` (${error.message})` : ''}.`);
  }
};
