// Putting bytes into the file storage: the presigned PUT the API hands out (POST /api/files/uploads), sent by
// XMLHttpRequest (fetch reports no upload progress). Used by a resource's Files and by images pasted into rich text.
import type { Upload } from '@chartside/shared';

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
