// An image as the text transformer sends it: scaled down to fit 1600×1600 as JPEG quality 0.85, large enough for the
// text of a lab printout or a handwritten note to stay readable. Should that still pass the largest image the API
// takes (TransformBody), it is made smaller step by step until it fits.
import { TransformBody, type ChatAttachment } from '@chartside/shared';
import { base64OfDataUrl, imageAsJpeg } from '../../../components/rich-text/downscale-image';

export const TRANSFORM_IMAGE_BOX = { maxWidth: 1600, maxHeight: 1600, quality: 0.85 } as const;

/** The largest image (base64 characters) the API takes, read from the contract. */
const MAX_BASE64 = TransformBody.shape.images.element.shape.data.maxLength ?? Infinity;
/** Each further step keeps this share of the sides, down to SMALLEST_SIDE. */
const STEP = 0.75;
const SMALLEST_SIDE = 480;
const STEP_QUALITY = 0.75;

export async function transformImage(file: Blob): Promise<Extract<ChatAttachment, { type: 'image' }>> {
  let box: { maxWidth: number; maxHeight: number; quality: number } = { ...TRANSFORM_IMAGE_BOX };
  for (;;) {
    const data = base64OfDataUrl(await imageAsJpeg(file, box));
    if (data.length <= MAX_BASE64) return { type: 'image', mimeType: 'image/jpeg', data };
    const side = Math.round(box.maxWidth * STEP);
    if (side < SMALLEST_SIDE) throw new Error('This image is too large to send, even scaled down. Crop it to the part with the text and try again.');
    box = { maxWidth: side, maxHeight: side, quality: STEP_QUALITY };
  }
}
