// Web push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292) to one browser's push subscription.

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** gone: the push service answered 404 or 410, so the subscription is dead and its record should go. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: string;
  /** Other failures (unreachable, 5xx, 429, timeout) reject. */
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome>;
}
