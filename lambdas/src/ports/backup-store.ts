// Where nightly backups are kept: the KMS-encrypted backups bucket in the cloud, a bucket in s3rver locally (one adapter).

export interface BackupStore {
  /** Stores a stream's bytes under `key`, whatever their length, without holding them all in memory. */
  put(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<void>;
  /** The object's bytes as a stream; undefined when there is none. */
  get(key: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /** The names of the folders directly under `prefix` (which ends in '/'), sorted. */
  folders(prefix: string): Promise<string[]>;
  /** Removes every object under `prefix`. */
  deleteUnder(prefix: string): Promise<void>;
}
