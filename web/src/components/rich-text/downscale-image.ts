// Images pasted or dropped into a rich-text editor are stored inline (as data URLs in the section's JSON), so they are
// shrunk first (spec: fit 1200x900, JPEG quality 0.8).

export const PASTED_IMAGE_MAX_WIDTH = 1200;
export const PASTED_IMAGE_MAX_HEIGHT = 900;
export const PASTED_IMAGE_QUALITY = 0.8;

/** The size of an image scaled down, keeping its proportions, to fit the box; a smaller image keeps its size. */
export const fitWithin = (width: number, height: number, maxWidth: number, maxHeight: number) => {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

export interface JpegBox {
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality, 0 to 1. */
  quality: number;
}

/**
 * The image as a JPEG data URL scaled down to fit the box (a smaller image keeps its size). Rejects a file the browser
 * cannot decode as an image. Transparent areas become white (JPEG has no transparency).
 */
export const imageAsJpeg = async (file: Blob, { maxWidth, maxHeight, quality }: JpegBox): Promise<string> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('This image could not be read. Try another file, or a PNG or JPEG copy of it.');
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxWidth, maxHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    bitmap.close();
  }
};

/** The base64 data of a data URL, without its `data:...;base64,` prefix. */
export const base64OfDataUrl = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** The image as a JPEG data URL that fits 1200x900. Rejects a file that is not an image the browser can decode. */
export const downscaleImage = async (file: File): Promise<string> => {
  if (!file.type.startsWith('image/')) throw new Error('Only images can be added to rich text');
  return imageAsJpeg(file, { maxWidth: PASTED_IMAGE_MAX_WIDTH, maxHeight: PASTED_IMAGE_MAX_HEIGHT, quality: PASTED_IMAGE_QUALITY });
};
