// Images pasted or dropped into a rich-text editor are shrunk before they are stored as files (spec: fit 1200x900, JPEG
// quality 0.8); chat attachments are shrunk the same way to their own box.

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

/** The image drawn on a canvas scaled down to fit the box; transparent areas become white (JPEG has no transparency). */
const drawWithin = async (file: Blob, maxWidth: number, maxHeight: number): Promise<HTMLCanvasElement> => {
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
    return canvas;
  } finally {
    bitmap.close();
  }
};

/** The image as a JPEG data URL scaled down to fit the box (a smaller image keeps its size). Rejects a file the browser cannot decode as an image. */
export const imageAsJpeg = async (file: Blob, { maxWidth, maxHeight, quality }: JpegBox): Promise<string> =>
  (await drawWithin(file, maxWidth, maxHeight)).toDataURL('image/jpeg', quality);

/** The base64 data of a data URL, without its `data:...;base64,` prefix. */
export const base64OfDataUrl = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** A pasted or dropped image as JPEG bytes that fit 1200x900. Rejects a file that is not an image the browser can decode. */
export const downscaleImage = async (file: File): Promise<Blob> => {
  if (!file.type.startsWith('image/')) throw new Error('Only images can be added to rich text.');
  const canvas = await drawWithin(file, PASTED_IMAGE_MAX_WIDTH, PASTED_IMAGE_MAX_HEIGHT);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser could not compress the image.'))), 'image/jpeg', PASTED_IMAGE_QUALITY),
  );
};
