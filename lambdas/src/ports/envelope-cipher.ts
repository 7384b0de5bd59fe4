// Envelope encryption of a user's data: a fresh data key per message, wrapped by the deployment's key (KMS in the cloud,
// a raw AES key under DATA_DIR locally). The encryption context binds each message to its user and item.
import type { Readable } from 'node:stream';

/** Bound into every message (authenticated, and passed to KMS); a message decrypts only for the same user. */
export interface EncryptionContext {
  userId: string;
  itemId: string;
}

/** Bytes in memory, or a stream of them (a stored file, read as it is encrypted or decrypted instead of loaded first). */
export type CipherInput = Uint8Array | Readable;

export interface EnvelopeCipher {
  encrypt(plaintext: CipherInput, context: EncryptionContext): Promise<Uint8Array>;
  /**
   * The plaintext and the context the message carries. Throws a 400 AppError when the message is not one this cipher
   * made for `expected.userId` (and `expected.itemId` when given), or was changed.
   */
  decrypt(ciphertext: CipherInput, expected: { userId: string; itemId?: string }): Promise<{ plaintext: Uint8Array; context: EncryptionContext }>;
}
