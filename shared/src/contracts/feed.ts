import * as z from 'zod';
import { FeedItem, FeedItemList, FeedRefreshResponse, FeedSettings, MarkAllReadResponse, PutFeedSettingsBody, SetFeedItemReadBody } from '../feed/feed';
import { DeletedPushDevice, PushDevice, PushDeviceList, PushPublicKey, PutPushDeviceBody } from '../feed/push';

export const UnreadCount = z.object({ count: z.number().int().nonnegative() });

export const feedContract = {
  unreadCount: { method: 'get', path: '/feed/unread-count', summary: 'How many feed items are unread (the top bar badge)', response: UnreadCount },
  settings: { method: 'get', path: '/feed/settings', summary: "The user's feed sources (with each one's last fetch) and keywords", response: FeedSettings },
  putSettings: {
    method: 'put',
    path: '/feed/settings',
    summary: 'Replace the feed sources and keywords, with the version read (409 when it changed since)',
    body: PutFeedSettingsBody,
    response: FeedSettings,
  },
  items: { method: 'get', path: '/feed/items', summary: "The user's feed items, newest first", response: FeedItemList },
  setRead: { method: 'patch', path: '/feed/items/{itemId}', summary: 'Mark one item read or unread', body: SetFeedItemReadBody, response: FeedItem },
  markAllRead: { method: 'post', path: '/feed/items/read-all', summary: 'Mark every item read', response: MarkAllReadResponse },
  refresh: { method: 'post', path: '/feed/refresh', summary: "Fetch the user's sources now (the manual feed update)", response: FeedRefreshResponse },
} as const;

export const feedPushContract = {
  publicKey: { method: 'get', path: '/feed/push/public-key', summary: "The deployment's VAPID public key for pushManager.subscribe (null: no push set up)", response: PushPublicKey },
  devices: { method: 'get', path: '/feed/push/devices', summary: "The user's devices that get pushes, with when each last got one", response: PushDeviceList },
  putDevice: {
    method: 'put',
    path: '/feed/push/devices/{deviceId}',
    summary: "Store this device's push subscription (replaces the device's earlier one)",
    body: PutPushDeviceBody,
    response: PushDevice,
  },
  deleteDevice: { method: 'delete', path: '/feed/push/devices/{deviceId}', summary: "Remove this device's push subscription (404 when there is none)", response: DeletedPushDevice },
} as const;
