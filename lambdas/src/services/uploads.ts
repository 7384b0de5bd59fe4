// A new file of the user: its entry (key under the user's own prefix, made from a fresh id) and the presigned PUT that
// stores its bytes. Used by the generic file uploads and by the Documents page.
import { extensionOf, filePathFor, mimeTypeFor, type ResourceFile, type Upload } from '@chartside/shared';
import type { Clock } from '../ports/clock';
import type { FileStore } from '../ports/file-store';

/** Long enough to start a large upload on a slow link; short enough that a leaked URL is soon useless. */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;

/** A plain type/subtype; anything else (parameters, junk) is replaced by the type the extension implies. */
const isMimeType = (value: string) => /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(value);

export const expiresAt = (clock: Clock, seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();

export const startUpload = async (
  deps: { fileStore: FileStore; clock: Clock },
  userId: string,
  request: { fileName: string; size: number; contentType?: string | undefined; temp: boolean },
): Promise<Upload> => {
  const { fileName, size, contentType, temp } = request;
  const extension = extensionOf(fileName);
  const fileId = `${crypto.randomUUID()}${extension ? `.${extension}` : ''}`;
  const mimeType = contentType && isMimeType(contentType) ? contentType.toLowerCase() : mimeTypeFor(extension);
  const file: ResourceFile = { name: fileName, fileId, filePath: filePathFor(userId, fileId, temp), extension, mimeType, isTemp: temp, size };
  const upload = await deps.fileStore.presignUpload(file.filePath, {
    contentType: mimeType,
    contentLength: size,
    temporary: temp,
    expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
  });
  return { file, uploadUrl: upload.url, headers: upload.headers, expiresAt: expiresAt(deps.clock, UPLOAD_EXPIRY_SECONDS) };
};
