// Web push with Node's own crypto: the payload encrypted for the subscription's keys (RFC 8291: one aes128gcm record of
// RFC 8188) and a VAPID JWT (RFC 8292, ES256) for the endpoint's origin, signed with the deployment's key pair. What the
// web-push library did, without its asn1.js, jws and http_ece (over 100 KB of each bundle that pushes).
import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import * as z from 'zod';
import type { PushSender } from '../../ports/push-sender';

/** A P-256 key pair: the 65-byte public point and the 32-byte private key, base64url (as web-push made them). */
export const VapidKeys = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type VapidKeys = z.infer<typeof VapidKeys>;

export interface WebPushOptions {
  keys: VapidKeys;
  /** The push services' contact for this sender (VAPID `sub`). */
  contactEmail: string;
  timeoutMs: number;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A new VAPID key pair. */
export const makeVapidKeys = (): VapidKeys => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The private key comes without its leading zero bytes; the pair's form has all 32.
  const privateKey = ecdh.getPrivateKey();
  return { publicKey: base64url(ecdh.getPublicKey()), privateKey: base64url(Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey])) };
};

const signingKey = ({ publicKey, privateKey }: VapidKeys): KeyObject => {
  const point = Buffer.from(publicKey, 'base64url');
  return createPrivateKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', d: privateKey, x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) },
  });
};

/** How long a VAPID JWT is good for (RFC 8292 allows at most 24 hours). */
const VAPID_LIFETIME_SECONDS = 12 * 60 * 60;

const vapidToken = (key: KeyObject, audience: string, subject: string): string => {
  const part = (value: object) => base64url(Buffer.from(JSON.stringify(value)));
  const claims = { aud: audience, exp: Math.floor(Date.now() / 1000) + VAPID_LIFETIME_SECONDS, sub: subject };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `${unsigned}.${base64url(sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }))}`;
};

/** The record size written in the header; the payload and its 17 bytes of delimiter and tag fit in one record. */
const RECORD_SIZE = 4096;

/** The aes128gcm body for one subscription: header (salt, record size, our one-time public key) and one record. */
const encryptPayload = (payload: string, keys: { p256dh: string; auth: string }): Buffer => {
  const receiverKey = Buffer.from(keys.p256dh, 'base64url');
  const sender = createECDH('prime256v1');
  const senderKey = sender.generateKeys();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sender.computeSecret(receiverKey), Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const salt = randomBytes(16);
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  // 2: the delimiter that ends the last record.
  const plaintext = Buffer.concat([Buffer.from(payload), Buffer.of(2)]);
  if (plaintext.length + 16 > RECORD_SIZE) throw new Error(`A push payload must be under ${RECORD_SIZE - 16} bytes.`);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderKey.length, 20);
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  return Buffer.concat([header, senderKey, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
};

export const webPushSender = ({ keys, contactEmail, timeoutMs }: WebPushOptions): PushSender => {
  const key = signingKey(keys);
  return {
    publicKey: keys.publicKey,
    send: async (target, payload, ttlSeconds) => {
      const endpoint = new URL(target.endpoint);
      // Push services speak only HTTPS (RFC 8030).
      if (endpoint.protocol !== 'https:') throw new Error(`A push endpoint must be an https address, not ${endpoint.protocol}`);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          TTL: String(ttlSeconds),
          Urgency: 'normal',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          Authorization: `vapid t=${vapidToken(key, endpoint.origin, `mailto:${contactEmail}`)}, k=${keys.publicKey}`,
        },
        body: new Uint8Array(encryptPayload(payload, target.keys)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = await response.text();
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) return 'gone';
      throw new Error(`The push service answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
    },
  };
};
