// The BackupStore on S3 (the cloud's KMS-encrypted backups bucket; s3rver locally). A backup is streamed to a temporary
// file first and then put with its length: memory stays bounded whatever the user holds, with no multipart bookkeeping.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { BackupStore } from '../../ports/backup-store';
import { listObjects } from './s3-list';

const isMissing = (error: unknown) => error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

export const s3BackupStore = (client: S3Client, bucket: string): BackupStore => ({
  async put(key, body, contentType) {
    const folder = await mkdtemp(path.join(tmpdir(), 'chartside-backup-'));
    try {
      const file = path.join(folder, 'object');
      await pipeline(Readable.from(body), createWriteStream(file));
      const { size } = await stat(file);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },

  async get(key) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body as Readable | undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },

  async folders(prefix) {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }));
      for (const common of page.CommonPrefixes ?? []) if (common.Prefix) names.push(common.Prefix.slice(prefix.length, -1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names.sort();
  },

  async deleteUnder(prefix) {
    for await (const { key } of listObjects(client, bucket, prefix)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
});
