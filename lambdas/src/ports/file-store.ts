// The files bucket, reached by short-lived presigned URLs: S3 in the cloud, s3rver locally (the same adapter).
// Callers pass keys they have already checked to be the signed-in user's own (isOwnFilePath).
import type { Readable } from 'node:stream';

export interface PresignedUpload {
  url: string;
  /** Headers the PUT must send exactly: they are part of the signature. */
  headers: Record<string, string>;
}

/** One stored object, as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * How an object's bytes are kept: in clear, or sealed (see sealed-files.ts) as envelope-encrypted messages one after
 * another, whose byte lengths `parts` lists in order. A clear object, or one sealed before files were split, is one part.
 */
export interface ObjectSealing {
  sealed: boolean;
  parts: number[];
}

/** An object being read: its bytes as a stream, their total size, and how they are sealed. */
export interface OpenedObject extends ObjectSealing {
  body: Readable;
  contentType: string;
  size: number;
}

export interface FileStore {
  /** A PUT for one object whose Content-Type and Content-Length are signed, so the upload cannot be swapped for another. */
  presignUpload(key: string, options: { contentType: string; contentLength: number; temporary: boolean; expiresInSeconds: number }): Promise<PresignedUpload>;
  /** A GET that shows the object inline (in a new tab) under the given file name. */
  presignDownload(key: string, options: { fileName: string; contentType: string; expiresInSeconds: number }): Promise<string>;
  /**
   * Stores bytes the server itself made (an article's fetched PDF, a sealed or unsealed file) as a lasting object,
   * replacing any at that key; `sealedParts` marks the bytes as sealed in the object's metadata, with each part's length.
   */
  put(key: string, bytes: Uint8Array, options: { contentType: string; sealedParts?: number[] }): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size, date, type and how it is sealed, without reading it; undefined when missing. */
  stat(key: string): Promise<(StoredObject & ObjectSealing & { contentType: string }) | undefined>;
  /** The object's bytes as a stream (the caller reads or destroys it); undefined when missing. */
  open(key: string): Promise<OpenedObject | undefined>;
  /** `length` bytes of the object from `offset` (one sealed part); undefined when missing. */
  readRange(key: string, range: { offset: number; length: number }): Promise<Uint8Array | undefined>;
  /** Every object whose key begins with the prefix (all pages of the listing). */
  list(prefix: string): Promise<StoredObject[]>;
  /** One page of that listing, in key order: up to `limit` objects from `cursor` on, and the cursor of the next page (null after the last). */
  listPage(prefix: string, options: { cursor?: string | undefined; limit: number }): Promise<{ objects: StoredObject[]; nextCursor: string | null }>;
  /** The object's bytes (a chat attachment the model reads); undefined when missing; `too_large` past maxBytes. */
  read(key: string, maxBytes: number): Promise<Uint8Array | undefined | 'too_large'>;
}
