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

/** The image as a JPEG data URL that fits 1200x900. Rejects a file that is not an image the browser can decode. */
export const downscaleImage = async (file: File): Promise<string> => {
  if (!file.type.startsWith('image/')) throw new Error('Only images can be added to rich text');
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, PASTED_IMAGE_MAX_WIDTH, PASTED_IMAGE_MAX_HEIGHT);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    // JPEG has no transparency: paint white under a transparent PNG instead of black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', PASTED_IMAGE_QUALITY);
  } finally {
    bitmap.close();
  }
};
