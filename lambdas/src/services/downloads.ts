// Reading one of the user's stored files: a short-lived presigned GET, or, for a file sealed at rest (an encrypted
// resource's), word that only the API's decrypting read (POST /files/content) answers it. Used by the files and the
// Documents routes.
import { isOwnFilePath, notFound, type DownloadUrl } from '@chartside/shared';
import type { Clock } from '../ports/clock';
import type { FileStore } from '../ports/file-store';
import { expiresAt } from './uploads';

const DOWNLOAD_EXPIRY_SECONDS = 10 * 60;

/** 404 for a key outside the caller's folder or a missing one; the GET shows the file under the given name and type. */
export const downloadOf = async (
  deps: { fileStore: FileStore; clock: Clock },
  userId: string,
  filePath: string,
  shown: { fileName: string; contentType: string },
): Promise<DownloadUrl> => {
  const stored = isOwnFilePath(userId, filePath) ? await deps.fileStore.stat(filePath) : undefined;
  if (!stored) throw notFound('That file');
  if (stored.sealed) return { sealed: true };
  const url = await deps.fileStore.presignDownload(filePath, { ...shown, expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS });
  return { url, expiresAt: expiresAt(deps.clock, DOWNLOAD_EXPIRY_SECONDS) };
};
