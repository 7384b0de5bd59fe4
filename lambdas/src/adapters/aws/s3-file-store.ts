// The FileStore on S3 (and on s3rver locally: path-style, checksums only when required, see the toolchain notes).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TEMP_FILE_TAG } from '@chartside/shared';
import type { FileStore, ObjectSealing, StoredObject } from '../../ports/file-store';

/** User metadata (x-amz-meta-chartside-sealed) marking an object whose bytes are envelope-encrypted messages. */
const SEALED_METADATA = 'chartside-sealed';
/** User metadata listing the byte length of each sealed part, comma-separated (absent on objects sealed as one message). */
const PARTS_METADATA = 'chartside-parts';

/** A list that does not add up to the object is read as one part: decrypting it then fails as a changed file would. */
const sealingOf = (metadata: Record<string, string> | undefined, size: number): ObjectSealing => {
  const sealed = metadata?.[SEALED_METADATA] === 'true';
  const listed = sealed ? metadata?.[PARTS_METADATA]?.split(',').map(Number) : undefined;
  const valid = listed?.every((length) => Number.isSafeInteger(length) && length > 0) && listed.reduce((sum, length) => sum + length, 0) === size;
  return { sealed, parts: valid && listed ? listed : [size] };
};

/** The most keys one ListObjectsV2 page holds. */
const MAX_LIST_KEYS = 1000;

const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** `inline; filename="report.pdf"; filename*=UTF-8''report.pdf`, with the quoted form restricted to safe ASCII. */
const inlineDisposition = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

export const s3FileStore = (client: S3Client, bucket: string): FileStore => {
  // The cursor is the last key of the page before (StartAfter), not S3's continuation token: any string is a valid
  // place to start in key order, so a cursor a client changed cannot make the listing fail (s3rver answered a made-up
  // continuation token with a server error).
  const listPage: FileStore['listPage'] = async (prefix, { cursor, limit }) => {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, StartAfter: cursor, MaxKeys: Math.min(limit, MAX_LIST_KEYS) }));
    const objects = (page.Contents ?? []).flatMap((object) =>
      object.Key ? [{ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) }] : [],
    );
    return { objects, nextCursor: (page.IsTruncated && objects.at(-1)?.key) || null };
  };

  return {
    async presignUpload(key, { contentType, contentLength, temporary, expiresInSeconds }) {
      // Temporary uploads carry the tag the bucket's lifecycle rule expires.
      const tagging = temporary ? `${TEMP_FILE_TAG.key}=${TEMP_FILE_TAG.value}` : undefined;
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: contentLength, Tagging: tagging });
      const headers: Record<string, string> = { 'content-type': contentType, ...(tagging ? { 'x-amz-tagging': tagging } : {}) };
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        // Signed as headers, not moved into the query: the browser must send these exact values or S3 refuses the PUT.
        signableHeaders: new Set(['content-type', 'content-length', ...(tagging ? ['x-amz-tagging'] : [])]),
        unhoistableHeaders: new Set(tagging ? ['x-amz-tagging'] : []),
      });
      return { url, headers };
    },

    presignDownload: (key, { fileName, contentType, expiresInSeconds }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: inlineDisposition(fileName), ResponseContentType: contentType }),
        { expiresIn: expiresInSeconds },
      ),

    async put(key, bytes, { contentType, sealedParts }) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          ...(sealedParts ? { Metadata: { [SEALED_METADATA]: 'true', [PARTS_METADATA]: sealedParts.join(',') } } : {}),
        }),
      );
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async read(key, maxBytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if ((object.ContentLength ?? 0) > maxBytes) {
          object.Body?.transformToWebStream().cancel().catch(() => undefined);
          return 'too_large';
        }
        return await object.Body?.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        const contentType = head.ContentType ?? 'application/octet-stream';
        return { key, size, lastModified: head.LastModified ?? new Date(0), contentType, ...sealingOf(head.Metadata, size) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage.
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error(`The object ${key} came without a readable body.`);
        const size = object.ContentLength ?? 0;
        return { body, contentType: object.ContentType ?? 'application/octet-stream', size, ...sealingOf(object.Metadata, size) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async readRange(key, { offset, length }) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }));
        return await object.Body?.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async list(prefix) {
      const objects: StoredObject[] = [];
      let cursor: string | null = null;
      do {
        const page = await listPage(prefix, { cursor: cursor ?? undefined, limit: MAX_LIST_KEYS });
        objects.push(...page.objects);
        cursor = page.nextCursor;
      } while (cursor);
      return objects;
    },

    listPage,
  };
};
