// Uploads a file straight to storage: a presigned PUT from the API, then the bytes (platform/stored-files). A PUT that
// fails leaves an orphan key behind, which is deleted.
import { CreateUploadBody, type ResourceFile } from '@chartside/shared';
import type { ApiClient } from '../../platform/api/api-client';
import { putFile } from '../../platform/stored-files';
import { createUpload, deleteOrphanFile } from './queries';

/** The size rule of the upload contract, checked before any request, so the user reads the server's own message. */
const sizeProblem = (size: number): string | undefined => CreateUploadBody.shape.size.safeParse(size).error?.issues[0]?.message;

/** Uploads one file and answers the entry to add to the resource. */
export async function uploadFile(api: ApiClient, file: File, onProgress: (fraction: number) => void): Promise<ResourceFile> {
  const tooLarge = sizeProblem(file.size);
  if (tooLarge) throw new Error(tooLarge);
  const upload = await createUpload(api, file);
  try {
    await putFile(upload, file, onProgress);
  } catch (error) {
    await deleteOrphanFile(api, upload.file.filePath).catch((cleanup: unknown) => console.warn('An abandoned upload was not deleted', cleanup));
    throw error;
  }
  onProgress(1);
  return { ...upload.file, size: file.size };
}
