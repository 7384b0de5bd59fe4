// A backup's manifest of the user's files: every object under a prefix of the files bucket, with its size and ETag.

export interface StoredFile {
  key: string;
  size: number;
  etag: string;
}

/** Every object under `prefix`, in key order, a page at a time. */
export type FileManifest = (prefix: string) => AsyncIterable<StoredFile>;
