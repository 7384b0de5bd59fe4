// Images pasted or dropped into a rich text are stored as the user's own files (POST /api/files/uploads, then the
// presigned PUT), never as base64 inside the patient or resource record: the image block keeps
// `chartside-file:{filePath}`. An editor resolves that when it shows the image: the bytes from this device's file
// cache, or fetched once (a short-lived presigned GET, or the API's decrypting read for a sealed file; only the owner
// gets either: the API answers only paths under the caller's own prefix), then shown from a blob URL, so no token or signed URL lands in the page.
// An image seen once therefore shows offline too.
//
// Offline, a paste is refused with a message instead of being kept on the device to upload later: the block would
// hold a reference no other device can show, and putting the real one in once uploaded would mean rewriting a record
// (a patient the user may have left, or changed elsewhere meanwhile) behind the user's back. The image is still in
// the clipboard, to paste again once online.
import { filesContract } from '@chartside/shared';
import type { ApiClient } from './api/api-client';
import { connectivity } from './connectivity/connectivity';
import { cachedFileBytes, keepFileBytes } from './offline';
import { fetchStoredFile, putFile } from './stored-files';

const SCHEME = 'chartside-file:';

export const EDITOR_IMAGE_OFFLINE = "You're offline. A pasted image is stored as a file, which needs a connection: paste it again once you are back online.";

export const editorImageUrl = (filePath: string): string => `${SCHEME}${filePath}`;

/** The stored file an image block refers to; undefined for any other URL (an older inline data URL, a web address). */
export const filePathOfEditorImage = (url: string): string | undefined => (url.startsWith(SCHEME) ? url.slice(SCHEME.length) : undefined);

/** Stores a (downscaled) image as a lasting file of the user; answers the URL its block keeps. */
export async function storeEditorImage(api: ApiClient, jpeg: Blob): Promise<string> {
  if (!connectivity.isOnline()) throw new Error(EDITOR_IMAGE_OFFLINE);
  const upload = await api.call(filesContract.createUpload, { body: { fileName: 'image.jpg', size: jpeg.size, contentType: 'image/jpeg' } });
  const { filePath } = upload.file;
  try {
    await putFile(upload, jpeg, () => undefined);
  } catch (error) {
    await api.call(filesContract.remove, { body: { filePath } }).catch((cleanup: unknown) => console.warn('An abandoned upload was not deleted', cleanup));
    throw error;
  }
  await keepFileBytes(filePath, jpeg);
  return editorImageUrl(filePath);
}

export interface EditorImageResolver {
  /** The URL an <img> shows for a block's URL: a blob URL for a stored file, any other URL as it is. */
  resolve(url: string): Promise<string>;
  /** Lets go of every blob URL made (the signed-in part of the app goes away). */
  dispose(): void;
}

/** One per signed-in app: each file is read once and shown from one blob URL by every editor. */
export function createEditorImageResolver(api: ApiClient): EditorImageResolver {
  const shown = new Map<string, Promise<string>>();
  return {
    resolve(url) {
      const filePath = filePathOfEditorImage(url);
      if (filePath === undefined) return Promise.resolve(url);
      let objectUrl = shown.get(filePath);
      if (!objectUrl) {
        objectUrl = cachedFileBytes(filePath, () => fetchStoredFile(api, filePath)).then((bytes) => URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' })));
        // A failure (offline and never seen here, or not the user's file) is tried again the next time it is shown.
        objectUrl.catch(() => shown.delete(filePath));
        shown.set(filePath, objectUrl);
      }
      return objectUrl;
    },
    dispose() {
      for (const objectUrl of shown.values()) void objectUrl.then(URL.revokeObjectURL, () => undefined);
      shown.clear();
    },
  };
}
