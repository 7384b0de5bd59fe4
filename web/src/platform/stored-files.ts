// Putting bytes into the file storage: the presigned PUT the API hands out (POST /api/files/uploads), sent by
// XMLHttpRequest (fetch reports no upload progress). Used by a resource's Files and by images pasted into rich text.
// Reading them back: the presigned GET, or, for a file sealed at rest (an encrypted resource's), the API's decrypting
// POST /api/files/content, which answers its owner only, one part per request.
import { fileContentRoute, filePartsHeader, filesContract, type DownloadUrl, type Upload } from '@chartside/shared';
import type { ApiClient } from './api/api-client';

/** Each part of a sealed file is decrypted by the server before its first byte is sent. */
const SEALED_READ_TIMEOUT_MS = 5 * 60_000;

/** A sealed file's parts read one after another (each request with its own timeout), joined into one response. */
const fetchSealedFile = async (api: ApiClient, filePath: string, signal: AbortSignal | undefined): Promise<Response> => {
  const readPart = (part: number) =>
    api.requestBytes(fileContentRoute.method, fileContentRoute.path, { body: { filePath, part }, timeoutMs: SEALED_READ_TIMEOUT_MS, ...(signal ? { signal } : {}) });
  const first = await readPart(0);
  const count = Number(first.headers.get(filePartsHeader) ?? 1);
  const parts = [await first.blob()];
  for (let part = 1; part < count; part += 1) parts.push(await (await readPart(part)).blob());
  // A Blob body gives the response its type as content-type.
  return new Response(new Blob(parts, { type: first.headers.get('content-type') ?? '' }));
};

/**
 * A stored file's bytes (the response, its body unread). `link` asks for the way to read it (default: POST
 * /files/download-url); a failure is an Error whose message the user can read.
 */
export async function fetchStoredFile(
  api: ApiClient,
  filePath: string,
  { signal, link }: { signal?: AbortSignal; link?: () => Promise<DownloadUrl> } = {},
): Promise<Response> {
  const how = await (link ?? (() => api.call(filesContract.downloadUrl, { body: { filePath }, ...(signal ? { signal } : {}) })))();
  if ('sealed' in how) return fetchSealedFile(api, filePath, signal);
  const response = await fetch(how.url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`The file storage answered ${response.status}. Try again.`);
  return response;
}

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
