// Web push of new feed items: the device push token record (spec: deviceId, lastUsed) holding the browser's
// PushSubscription, and the small message the service worker turns into a notification. No patient data ever goes in
// a push: only how many feed items are new and the first one's title.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

/** Longest push endpoint accepted (the push services' own are a few hundred characters). */
export const MAX_PUSH_ENDPOINT = 2_000;
/** How long a push service keeps a message for a device that is offline, in seconds: new items are stale after a day. */
export const FEED_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Where a notification click leads. */
export const FEED_PUSH_URL = '/feed';
/** Longest item title carried in a push; the payload must stay well under the 4 KB push services accept. */
export const MAX_PUSH_TITLE = 200;

const base64url = (what: string) => z.string().regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url (A-Z, a-z, 0-9, - and _, no padding).`);

/** What pushManager.subscribe() gave the browser, as PushSubscription.toJSON() has it. */
export const PutPushDeviceBody = z
  .object({
    endpoint: z
      .string()
      .max(MAX_PUSH_ENDPOINT)
      .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'The push endpoint must be an https address.'),
    keys: z
      .object({
        /** The browser's P-256 public key (65 bytes uncompressed, 87 characters). */
        p256dh: base64url('keys.p256dh').length(87, 'keys.p256dh must be a P-256 public key (87 base64url characters).'),
        /** The 16-byte authentication secret (22 characters). */
        auth: base64url('keys.auth').length(22, 'keys.auth must be 16 bytes (22 base64url characters).'),
      })
      .strict(),
    /** PushSubscription.toJSON() includes it (null in Chromium); the server never uses it. */
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export type PutPushDeviceBody = z.infer<typeof PutPushDeviceBody>;

/** The record as the user sees it: which device, and when a push last went to it (or it subscribed). */
export const PushDevice = z.object({ deviceId: z.string(), lastUsed: z.string() });
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDeviceList = z.object({ devices: z.array(PushDevice) });

/** null when this deployment has no push set up. */
export const PushPublicKey = z.object({ publicKey: z.string().nullable() });
export const DeletedPushDevice = z.object({ deleted: z.literal(true) });

export const pushDeviceIdParam = z.string().min(1).max(MAX_SHORT_TEXT);

/** The payload of a feed push, read by the service worker. */
export const FeedPushMessage = z.object({
  type: z.literal('feed.new-items'),
  /** New items matching the user's keywords in this update. */
  count: z.number().int().positive(),
  /** The newest one's title. */
  title: z.string().max(MAX_PUSH_TITLE),
  url: z.literal(FEED_PUSH_URL),
});
export type FeedPushMessage = z.infer<typeof FeedPushMessage>;
