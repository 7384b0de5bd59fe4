import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../resources/files';
import { documentPreview, documentTypeLabel, documentUploadProblem } from './document-files';

describe('documentUploadProblem', () => {
  it.each([
    ['report.pdf', 1000],
    ['Scan.JPG', 1],
    ['notes.txt', MAX_FILE_BYTES],
    ['plan.docx', 20],
  ])('accepts %j of %j bytes', (name, size) => expect(documentUploadProblem(name, size)).toBeUndefined());

  it.each([
    ['setup.exe', 10, '"setup.exe" is not a supported type. Upload a PDF, an image (PNG, JPEG, GIF, WebP), a text file (TXT, MD, CSV) or an Office document.'],
    ['README', 10, '"README" is not a supported type. Upload a PDF, an image (PNG, JPEG, GIF, WebP), a text file (TXT, MD, CSV) or an Office document.'],
    ['big.pdf', MAX_FILE_BYTES + 1, '"big.pdf" is 100 MB; files can be at most 100 MB.'],
    ['empty.txt', 0, '"empty.txt" is empty.'],
  ])('refuses %j of %j bytes: %j', (name, size, want) => expect(documentUploadProblem(name, size)).toBe(want));
});

describe('documentPreview', () => {
  it.each([
    ['pdf', 'pdf'],
    ['PNG', 'image'],
    ['md', 'text'],
    ['docx', 'none'],
    ['', 'none'],
  ])('%j shows as %j', (extension, want) => expect(documentPreview(extension)).toBe(want));
});

it.each([
  ['pdf', 'PDF'],
  ['', 'File'],
])('documentTypeLabel(%j) is %j', (extension, want) => expect(documentTypeLabel(extension)).toBe(want));
