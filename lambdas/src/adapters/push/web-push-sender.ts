// Web push with the `web-push` library: it encrypts the payload (aes128gcm) for the subscription's keys and signs a VAPID
// JWT for the endpoint's origin with the deployment's key pair.
import webPush from 'web-push';
import type { PushSender } from '../../ports/push-sender';
import type { VapidKeys } from './vapid-keys';

export interface WebPushOptions {
  keys: VapidKeys;
  /** The push services' contact for this sender (VAPID `sub`). */
  contactEmail: string;
  timeoutMs: number;
}

export const webPushSender = ({ keys, contactEmail, timeoutMs }: WebPushOptions): PushSender => {
  const vapidDetails = { subject: `mailto:${contactEmail}`, ...keys };
  return {
    publicKey: keys.publicKey,
    send: async (target, payload, ttlSeconds) => {
      try {
        await webPush.sendNotification(target, payload, { vapidDetails, TTL: ttlSeconds, timeout: timeoutMs, contentEncoding: 'aes128gcm', urgency: 'normal' });
        return 'sent';
      } catch (error) {
        if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        throw error;
      }
    },
  };
};
