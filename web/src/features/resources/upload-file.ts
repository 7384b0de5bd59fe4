// Uploads a file straight to storage: a presigned PUT from the API, then the bytes by XMLHttpRequest (fetch reports
// no upload progress). A PUT that fails leaves an orphan key behind, which the caller deletes.
import { CreateUploadBody, type ResourceFile, type Upload } from '@chartside/shared';
import type { ApiClient } from '../../platform/api/api-client';
import { createUpload, deleteOrphanFile } from './queries';

/** The size rule of the upload contract, checked before any request, so the user reads the server's own message. */
const sizeProblem = (size: number): string | undefined => CreateUploadBody.shape.size.safeParse(size).error?.issues[0]?.message;

export const putFile = (upload: Upload, file: Blob, onProgress: (fraction: number) => void): Promise<void> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`The file storage refused the upload (${request.status}).`));
    request.onerror = () => reject(new Error('The upload did not reach the file storage. Check your connection and try again.'));
    request.send(file);
  });

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
