import { describe, expect, it } from 'vitest';
import { editorImageUrl, filePathOfEditorImage } from './editor-images';

describe('the URL an image block keeps', () => {
  it('names the stored file and reads back to it', () => {
    const filePath = 'userContent/u-1/0b5c7f1e-3c1d-4f57-9a3e-6a1f2b3c4d5e.jpg';
    expect(editorImageUrl(filePath)).toBe(`chartside-file:${filePath}`);
    expect(filePathOfEditorImage(editorImageUrl(filePath))).toBe(filePath);
  });

  it.each(['data:image/jpeg;base64,/9j/4AAQ', 'https://example.org/x.png', 'blob:http://localhost/1', ''])('leaves %j (an older inline image, a web address) alone', (url) =>
    expect(filePathOfEditorImage(url)).toBeUndefined());
});
