// Files a message carries (spec: Chat; section 9). Images are scaled down here to fit 400×300 and sent inline as JPEG
// base64 (no data: prefix). PDFs and text files are uploaded first, as temporary files of the user (a presigned PUT),
// and sent as references the server reads. Anything else is refused with a message saying what can be attached.
import {
  CHAT_FILE_TYPES,
  CHAT_IMAGE_SIZE,
  filesContract,
  MAX_CHAT_FILE_BYTES,
  MAX_CHAT_FILES,
  MAX_CHAT_IMAGE_BASE64,
  MAX_CHAT_IMAGES,
  type ChatAttachment,
} from '@chartside/shared';
import { base64OfDataUrl, imageAsJpeg } from '../../components/rich-text/downscale-image';
import type { ApiClient } from '../../platform/api/api-client';

export type ChatDocumentType = (typeof CHAT_FILE_TYPES)[number];

/** JPEG quality of a chat image: small enough to send inline, sharp enough to read. */
export const CHAT_IMAGE_QUALITY = 0.8;

/** What the attachment button lets the file picker offer. */
export const ATTACHMENT_ACCEPT = ['image/*', ...CHAT_FILE_TYPES, '.md', '.markdown', '.csv', '.txt', '.htm', '.html', '.pdf'].join(',');

const TYPE_BY_EXTENSION: Record<string, ChatDocumentType> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
};

const isChatDocumentType = (type: string): type is ChatDocumentType => (CHAT_FILE_TYPES as readonly string[]).includes(type);

/** What kind of attachment a file makes: an inline image, a document of a type a model reads, or neither. */
export function attachmentKind(file: Pick<File, 'name' | 'type'>): { kind: 'image' } | { kind: 'file'; mimeType: ChatDocumentType } | undefined {
  if (file.type.startsWith('image/')) return { kind: 'image' };
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isChatDocumentType(type)) return { kind: 'file', mimeType: type };
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const byExtension = TYPE_BY_EXTENSION[extension];
  // A browser that does not know a text type says '' or 'application/octet-stream': the extension decides.
  if (byExtension && (type === '' || type === 'application/octet-stream')) return { kind: 'file', mimeType: byExtension };
  return undefined;
}

export const notAttachable = (name: string) => `"${name}" cannot be attached. Attach an image, a PDF or a text file (.txt, .md, .csv, .html).`;

/** Why one more file of this kind cannot join the message, or undefined when it can. */
export function countProblem(kind: 'image' | 'file', current: readonly { kind: 'image' | 'file' }[]): string | undefined {
  const same = current.filter((attachment) => attachment.kind === kind).length;
  if (kind === 'image' && same >= MAX_CHAT_IMAGES) return `At most ${MAX_CHAT_IMAGES} images per message.`;
  if (kind === 'file' && same >= MAX_CHAT_FILES) return `At most ${MAX_CHAT_FILES} files per message.`;
  return undefined;
}

/** Why a document is too large to go with a message, or undefined. */
export const tooLargeToAttach = (file: Pick<File, 'name' | 'size'>) =>
  file.size > MAX_CHAT_FILE_BYTES ? `"${file.name}" is too large: a file can be at most ${Math.floor(MAX_CHAT_FILE_BYTES / 1_000_000)} MB.` : undefined;

/** The image as the message sends it: a JPEG fitting 400×300, base64 without the data: prefix. */
export async function chatImage(file: Blob): Promise<ChatAttachment> {
  const dataUrl = await imageAsJpeg(file, { maxWidth: CHAT_IMAGE_SIZE.width, maxHeight: CHAT_IMAGE_SIZE.height, quality: CHAT_IMAGE_QUALITY });
  const data = base64OfDataUrl(dataUrl);
  if (data.length > MAX_CHAT_IMAGE_BASE64) throw new Error('That image is too large even scaled down. Try a smaller one.');
  return { type: 'image', mimeType: 'image/jpeg', data };
}

/** Uploads a PDF or text file as a temporary file of the user and answers the reference the message sends. */
export async function chatFile(api: ApiClient, file: File, mimeType: ChatDocumentType, signal?: AbortSignal): Promise<ChatAttachment> {
  const upload = await api.call(filesContract.createUpload, { body: { fileName: file.name, size: file.size, contentType: mimeType, temp: true }, signal });
  let response: Response;
  try {
    response = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: file, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new Error(`"${file.name}" did not reach the file storage. Check your connection and try again.`);
  }
  if (!response.ok) throw new Error(`The file storage refused "${file.name}" (${response.status}). Try again.`);
  return { type: 'file', filePath: upload.file.filePath, mimeType, fileName: file.name };
}
