// The VAPID key pair of feed notifications, as web-push makes it and as the local file and the cloud's secret keep it.
import * as z from 'zod';

/** A P-256 key pair: the 65-byte public point and the 32-byte private key, base64url. */
export const VapidKeys = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type VapidKeys = z.infer<typeof VapidKeys>;
