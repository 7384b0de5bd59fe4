// Web push with the `web-push` library: it encrypts the payload (aes128gcm) for the subscription's keys and signs a VAPID
// JWT for the endpoint's origin with the deployment's key pair.
import webPush from 'web-push';
import * as z from 'zod';
import type { PushSender } from '../../ports/push-sender';

/** A P-256 key pair as web-push makes it: the 65-byte public point and the 32-byte private key, base64url. */
export const VapidKeys = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type VapidKeys = z.infer<typeof VapidKeys>;

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
