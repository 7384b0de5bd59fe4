// Rules for stored files: where a user's objects live, and how a file's extension and MIME type are derived.

/** Largest file one upload may carry. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/**
 * Largest plaintext of one part of a file sealed at rest (each part its own envelope-encrypted message): one part is
 * what POST /files/content answers, and API Gateway caps a Lambda's answer at 6 MB, base64-encoded for bytes.
 */
export const SEALED_PART_BYTES = 4 * 1024 * 1024;
/** Largest open-access PDF the server fetches for an article: the function holds it in memory to check and store it. */
export const MAX_FETCHED_PDF_BYTES = 50 * 1024 * 1024;
/** Objects under this folder of a user's prefix are temporary and expire after a day (a bucket lifecycle rule). */
export const TEMP_FOLDER = 'temp';
export const TEMP_FILE_DAYS = 1;
/**
 * The object tag every temporary upload carries; the bucket's lifecycle rule expires tagged objects after TEMP_FILE_DAYS.
 * A tag rather than a key prefix: temp files sit inside each user's folder, and lifecycle prefixes cannot wildcard the uid.
 */
export const TEMP_FILE_TAG = { key: 'chartside-temp', value: 'true' } as const;

/** Every object of a user lives under this prefix; an object key outside it is never signed for that user. */
export const userContentPrefix = (userId: string) => `userContent/${userId}/`;

export const filePathFor = (userId: string, fileId: string, temp: boolean) =>
  `${userContentPrefix(userId)}${temp ? `${TEMP_FOLDER}/` : ''}${fileId}`;

/** True when the key is one of the user's own objects (and has no path tricks in it). */
export const isOwnFilePath = (userId: string, filePath: string) =>
  filePath.startsWith(userContentPrefix(userId)) && !filePath.split('/').some((part) => part === '..' || part === '.' || part === '');

const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  heic: 'image/heic',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  zip: 'application/zip',
};

/** The extension of a file name or id, lower case and without the dot; '' when there is none. */
export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
};

/** The MIME type for an extension; unknown ones are plain bytes. */
export const mimeTypeFor = (extension: string): string => mimeTypes[extension.toLowerCase()] ?? 'application/octet-stream';

/** Fills a file entry's missing extension from its id, and its missing MIME type from the extension. */
export const completeFileEntry = <F extends { fileId: string; extension?: string; mimeType?: string }>(file: F) => {
  const extension = file.extension || extensionOf(file.fileId);
  return { ...file, extension, mimeType: file.mimeType || mimeTypeFor(extension) };
};

/**
 * Longest base of a file name the server makes up, in bytes of UTF-8: with its extension it stays within the 255 bytes
 * file systems allow, and within a file entry's name limit (MAX_SHORT_TEXT).
 */
const MAX_MADE_NAME_BYTES = 150;

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

const trimEnds = (text: string) => text.replace(/^[\s.]+|[\s.]+$/g, '');

/**
 * A file name made from text such as an article's title or DOI: white space becomes one space, characters file systems
 * refuse become '_', no leading or trailing dots or spaces, cut (between characters) to a length that saves everywhere.
 */
export const fileNameFrom = (text: string, extension: string, fallback: string): string => {
  let base = '';
  let bytes = 0;
  for (const character of trimEnds(text.replace(/\s+/g, ' ').replace(/[\\/:*?"<>|\p{Cc}]/gu, '_'))) {
    bytes += utf8Length(character.codePointAt(0)!);
    if (bytes > MAX_MADE_NAME_BYTES) break;
    base += character;
  }
  return `${trimEnds(base) || fallback}.${extension}`;
};

/** "2.4 MB" */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
};

/** A file the PDF viewer opens: by its type, or by its extension when the type was not known at upload. */
export const isPdfFile = (file: { mimeType: string; extension: string }) => file.mimeType === 'application/pdf' || file.extension.toLowerCase() === 'pdf';
