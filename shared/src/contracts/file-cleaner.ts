// The file cleaner (administrators only): objects in the files bucket that no record refers to, and temporary uploads
// older than a day. Listing is the dry run, a page of the bucket at a time; deleting takes the keys the administrator chose.
import * as z from 'zod';

/** Most objects one delete call takes. */
export const MAX_CLEANER_DELETE = 1000;

export const CleanableObject = z.object({
  key: z.string(),
  /** The user whose folder holds it. */
  userId: z.string(),
  size: z.number().int().nonnegative(),
  storedAt: z.iso.datetime(),
  /** unreferenced: no record refers to it; temporary: a temp/ upload older than a day. */
  reason: z.enum(['unreferenced', 'temporary']),
});
export type CleanableObject = z.infer<typeof CleanableObject>;

/** Most objects one page of the dry run looks at (one listing page of the bucket). */
export const MAX_CLEANER_PAGE = 1000;

export const FileCleanerScanQuery = z.strictObject({
  /** Where the page starts: the previous page's nextCursor (the first page without one). */
  cursor: z.string().min(1).max(2048).optional(),
  /** How many stored objects the page looks at. */
  limit: z.coerce.number().int().min(1).max(MAX_CLEANER_PAGE).default(MAX_CLEANER_PAGE),
});

export const FileCleanerScan = z.object({
  /** The cleanable objects among those this page looked at. */
  objects: z.array(CleanableObject),
  /** The objects under userContent/ this page looked at. */
  scannedObjects: z.number().int().nonnegative(),
  /** Objects left alone whatever they are: their owner has a record that cannot be decrypted, so what refers to them is unknown. */
  heldBackObjects: z.number().int().nonnegative(),
  /** The next page's cursor; null when this page was the last. */
  nextCursor: z.string().nullable(),
});
export type FileCleanerScan = z.infer<typeof FileCleanerScan>;

export const CleanFilesBody = z.strictObject({ keys: z.array(z.string().min(1).max(500)).min(1, 'Choose at least one file.').max(MAX_CLEANER_DELETE) });

export const CleanedFiles = z.object({
  deleted: z.array(z.string()),
  /** Chosen keys that are no longer cleanable (a record now refers to them, or they are gone): left alone. */
  skipped: z.array(z.string()),
});
export type CleanedFiles = z.infer<typeof CleanedFiles>;

export const fileCleanerContract = {
  scan: {
    method: 'get',
    path: '/admin/file-cleaner',
    summary: 'Dry run, one page of the bucket: the objects among it that could be deleted (administrators only)',
    query: FileCleanerScanQuery,
    response: FileCleanerScan,
  },
  clean: {
    method: 'post',
    path: '/admin/file-cleaner/delete',
    summary: 'Delete the chosen objects that are still cleanable (administrators only)',
    body: CleanFilesBody,
    response: CleanedFiles,
  },
} as const;

/** The Cognito group whose members may use the administrator routes. */
export const ADMIN_GROUP = 'admin';
