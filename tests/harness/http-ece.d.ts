// Types for the part of http_ece (the Web Push payload encryption web-push itself uses) the push-service double reads.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's (the browser's) key pair. */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
