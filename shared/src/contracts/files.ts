// File storage: uploads go straight to the bucket by presigned PUT; reads by short-lived presigned GET. Keys are always
// under the signed-in user's own prefix (userContent/{uid}/), checked on every call.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import { MAX_FILE_BYTES } from '../resources/files';
import { ResourceFile } from '../resources/resource';

const filePath = z.string().min(1).max(500);

export const CreateUploadBody = z.strictObject({
  fileName: z.string().trim().min(1).max(MAX_SHORT_TEXT),
  size: z
    .number()
    .int()
    .nonnegative()
    .max(MAX_FILE_BYTES, `Files can be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`),
  /** The browser's type for the file; derived from the extension when empty. */
  contentType: z.string().max(200).optional(),
  /** Temporary files go under temp/ and expire after a day. */
  temp: z.boolean().default(false),
});

export const Upload = z.object({
  /** The entry to add to the resource once the PUT succeeded. */
  file: ResourceFile,
  uploadUrl: z.string(),
  /** Headers the PUT must send exactly (they are part of the signature). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type Upload = z.infer<typeof Upload>;

export const FilePathBody = z.strictObject({ filePath });
/**
 * How to read a file: a short-lived presigned GET, or, for a file sealed at rest (an encrypted resource's), `sealed`:
 * its bytes come decrypted from POST /files/content with the signed-in user's token instead.
 */
export const DownloadUrl = z.union([z.object({ url: z.string(), expiresAt: z.iso.datetime() }), z.object({ sealed: z.literal(true) })]);
export type DownloadUrl = z.infer<typeof DownloadUrl>;
export const FileDeleted = z.object({ deleted: z.literal(true) });

export const filesContract = {
  createUpload: { method: 'post', path: '/files/uploads', summary: 'A presigned PUT for a new file of the user', body: CreateUploadBody, response: Upload },
  downloadUrl: { method: 'post', path: '/files/download-url', summary: "A short-lived presigned GET for one of the user's files", body: FilePathBody, response: DownloadUrl },
  remove: { method: 'post', path: '/files/delete', summary: "Delete one of the user's files that no resource holds (an abandoned upload)", body: FilePathBody, response: FileDeleted },
} as const;

/** Which part of a file to read: a sealed file is read part by part (SEALED_PART_BYTES of plaintext each), from 0. */
export const FileContentBody = z.strictObject({ filePath, part: z.number().int().nonnegative().default(0) });

/** The response header of POST /files/content that says how many parts the file has (a clear file is one). */
export const filePartsHeader = 'x-file-parts';

/** Reads one of the user's files through the API, decrypted when sealed: it answers the bytes themselves, not JSON. */
export const fileContentRoute = {
  method: 'post',
  path: '/files/content',
  summary: "One part of one of the user's files, decrypted when sealed at rest (the bytes, not JSON; 404 for anyone else's)",
  body: FileContentBody,
} as const;
