// Rules for the files a user uploads on the Documents page: which kinds, how large, and how a file's kind is named.
import { formatFileSize, MAX_FILE_BYTES } from '../resources/files';

/** What the Documents page accepts: files it can preview (PDF, images, text) and common office documents. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'md', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;

const allowed = new Set<string>(DOCUMENT_EXTENSIONS);

/** Why a file cannot be uploaded as a document, in words for the user; undefined when it can. */
export const documentUploadProblem = (fileName: string, size: number): string | undefined => {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (!allowed.has(extension)) {
    return `"${fileName}" is not a supported type. Upload a PDF, an image (PNG, JPEG, GIF, WebP), a text file (TXT, MD, CSV) or an Office document.`;
  }
  if (size > MAX_FILE_BYTES) return `"${fileName}" is ${formatFileSize(size)}; files can be at most ${formatFileSize(MAX_FILE_BYTES)}.`;
  if (size === 0) return `"${fileName}" is empty.`;
  return undefined;
};

/** How a document is shown: in the PDF viewer, as an image, as text, or only downloaded. */
export type DocumentPreview = 'pdf' | 'image' | 'text' | 'none';

const previewOf: Record<string, DocumentPreview> = { pdf: 'pdf', png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', webp: 'image', txt: 'text', md: 'text', csv: 'text' };

export const documentPreview = (extension: string): DocumentPreview => previewOf[extension.toLowerCase()] ?? 'none';

/** The type column: "PDF", "PNG", "File" when there is no extension. */
export const documentTypeLabel = (extension: string) => (extension ? extension.toUpperCase() : 'File');
