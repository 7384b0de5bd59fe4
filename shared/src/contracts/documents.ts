// The Documents page: every stored file of the user (held by a resource, uploaded on the page, or pasted into a note as
// an image), renamed, downloaded and deleted by file id. Uploads go straight to the bucket with a presigned PUT.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';
import { documentUploadProblem } from '../documents/document-files';
import { DownloadUrl, Upload } from './files';

export const DocumentFile = z.object({
  fileId: z.string(),
  filePath: z.string(),
  /** The display name: the resource's file entry name, the name given on upload or rename, else one made up. */
  name: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  /** When the bytes were stored. */
  storedAt: z.iso.datetime(),
  /** The resource whose Files hold it; null for a file no resource holds. */
  resource: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** resource: in a resource's Files; upload: uploaded (or renamed) on the Documents page; other: any other file (an image pasted into a note). */
  source: z.enum(['resource', 'upload', 'other']),
});
export type DocumentFile = z.infer<typeof DocumentFile>;

export const DocumentList = z.object({ files: z.array(DocumentFile), usedBytes: z.number().int().nonnegative() });
export type DocumentList = z.infer<typeof DocumentList>;

export const CreateDocumentBody = z
  .strictObject({
    fileName: z.string().trim().min(1).max(MAX_SHORT_TEXT),
    size: z.number().int().nonnegative(),
    contentType: z.string().max(200).optional(),
  })
  .superRefine(({ fileName, size }, context) => {
    const problem = documentUploadProblem(fileName, size);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['fileName'] });
  });
export type CreateDocumentBody = z.infer<typeof CreateDocumentBody>;

export const RenameDocumentBody = z.strictObject({ name: z.string().trim().min(1, 'A name is required.').max(MAX_SHORT_TEXT) });

export const DocumentDeleted = z.object({
  deleted: z.literal(true),
  /** The resource the file was removed from, when one held it. */
  removedFrom: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const documentsContract = {
  list: { method: 'get', path: '/documents', summary: "Every stored file of the user, newest first, with the storage they use", response: DocumentList },
  create: {
    method: 'post',
    path: '/documents',
    summary: 'Start uploading a document: its name is kept and a presigned PUT is answered (PDF, images, text, Office; up to 100 MB)',
    body: CreateDocumentBody,
    response: Upload,
  },
  get: { method: 'get', path: '/documents/{fileId}', summary: "One of the user's files (404 for any other)", response: DocumentFile },
  rename: {
    method: 'patch',
    path: '/documents/{fileId}',
    summary: "Rename a file; a resource's file is renamed in the resource too",
    body: RenameDocumentBody,
    response: DocumentFile,
  },
  remove: {
    method: 'delete',
    path: '/documents/{fileId}',
    summary: 'Delete a file; a file a resource holds is removed from that resource too',
    response: DocumentDeleted,
  },
  downloadUrl: {
    method: 'post',
    path: '/documents/{fileId}/download-url',
    summary: 'A short-lived presigned GET for the file, under its display name; for a file sealed at rest, where to read it decrypted',
    response: DownloadUrl,
  },
} as const;
