// The service worker's web push handlers, loaded into the Workbox worker with importScripts (vite.config.ts builds this
// file on its own as /push-worker.js): a push of new feed items shows one notification (the newest replaces an older
// one), and clicking it focuses an open Chartside window on /feed, or opens one. A classic script: no imports, no exports.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface PushWorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as PushWorkerScope;

/** Notifications with this tag replace each other: one notice of the latest update, not a pile. */
const FEED_TAG = 'chartside-feed';
const FEED_PATH = '/feed';

interface FeedNotice {
  count: number;
  title: string;
  url: string;
}

/** The server's feed.new-items message; anything else still gets a notification (browsers require one per push). */
const noticeOf = (event: PushEvent): FeedNotice => {
  try {
    const message = event.data?.json() as Partial<FeedNotice> & { type?: unknown };
    if (message.type === 'feed.new-items' && typeof message.count === 'number' && typeof message.title === 'string') {
      return { count: message.count, title: message.title, url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : FEED_PATH };
    }
  } catch {
    // Not JSON: the generic notice below.
  }
  return { count: 0, title: '', url: FEED_PATH };
};

worker.addEventListener('push', (event) => {
  const notice = noticeOf(event);
  const heading = notice.count === 1 ? 'New feed item' : notice.count > 1 ? `${notice.count} new feed items` : 'New feed items';
  const body = notice.count > 1 ? `${notice.title} and ${notice.count - 1} more matching your keywords` : notice.title || 'Open the feed to see them.';
  event.waitUntil(
    worker.registration.showNotification(heading, { body, tag: FEED_TAG, icon: '/icon-192.png', badge: '/icon-192.png', data: { url: notice.url } }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : FEED_PATH, worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (!open) return worker.clients.openWindow(target);
      const focused = await open.focus();
      return focused.url === target ? focused : focused.navigate(target);
    })(),
  );
});
