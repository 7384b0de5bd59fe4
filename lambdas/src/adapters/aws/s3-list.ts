// Pages through the objects under a prefix (1,000 a page): a backup's file manifest, and backup pruning.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { StoredFile } from '../../ports/file-manifest';

export async function* listObjects(client: S3Client, bucket: string, prefix: string): AsyncGenerator<StoredFile> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (object.Key) yield { key: object.Key, size: object.Size ?? 0, etag: (object.ETag ?? '').replaceAll('"', '') };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** The FileManifest of a bucket. */
export const s3FileManifest = (client: S3Client, bucket: string) => (prefix: string) => listObjects(client, bucket, prefix);
