// The picture the OCR reads of a cluster photo (docs/capture.md#odometer-reading): upright, grayscale, contrast
// stretched, scaled to a fixed width, softened a little so a seven-segment digit's separate bars join, and cut to black
// and white with the digits dark on light, the way the OCR reads best (cluster displays mostly show light digits on a
// dark screen). sharp does every step on libuv's thread pool.
import sharp from 'sharp';

/** Width of the picture the OCR reads: the odometer's digits stay 30–60 px tall on a phone photo of the cluster. */
export const OCR_WIDTH = 1200;
/** Grey level (after the contrast stretch) splitting lit from unlit. */
const THRESHOLD = 110;

/** A PNG of the photo prepared for the OCR. Throws when the photo cannot be decoded within `maxPixels`. */
export async function prepareClusterImage(bytes: Uint8Array, maxPixels: number): Promise<Buffer> {
  const cut = await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels })
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize({ width: OCR_WIDTH })
    .normalise()
    .blur(1.5)
    .threshold(THRESHOLD)
    .png()
    .toBuffer();
  // Mostly dark after the cut: a dark screen with light digits, turned to dark digits on light.
  const { channels } = await sharp(cut).stats();
  return (channels[0]?.mean ?? 255) < 128 ? sharp(cut).negate().png().toBuffer() : cut;
}
