// The two sharp passes QC makes: a header-only metadata read, then one decode to the small grayscale analysis copy.
// Both run on libuv's thread pool; every decode carries the pixel limit so oversized inputs fail before allocation.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { GrayImage } from './metrics.js';

export interface DecodeLimits {
  /** Refuse inputs with more pixels than this (decompression-bomb guard). */
  maxPixels: number;
}

export interface ImageHeader {
  /** sharp's decoder name, e.g. 'jpeg', 'png', 'webp'. */
  format: string;
  /** Dimensions as displayed, i.e. after EXIF orientation. */
  width: number;
  height: number;
}

function sharpInput(bytes: Uint8Array, limits: DecodeLimits): Sharp {
  // 'error' rejects truncated and corrupt data but tolerates the harmless warnings many phone JPEGs trigger.
  return sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels });
}

/**
 * Reads only the header (no pixel buffers), so it runs without the pixel limit: the caller compares the
 * dimensions itself and can say "too large" instead of "unreadable". Throws if sharp cannot parse the header.
 */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader> {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = metadata.autoOrient?.width ?? (quarterTurn ? metadata.height : metadata.width);
  const height = metadata.autoOrient?.height ?? (quarterTurn ? metadata.width : metadata.height);
  return { format: metadata.format, width, height };
}

/**
 * Decodes, applies EXIF rotation, flattens any transparency onto white and resizes to `width` pixels wide as 8-bit
 * grayscale. For JPEG, libjpeg's shrink-on-load makes this far cheaper than a full-size decode. Throws on bad data.
 */
export async function decodeGrayscale(bytes: Uint8Array, width: number, limits: DecodeLimits): Promise<GrayImage> {
  const { data, info } = await sharpInput(bytes, limits)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width })
    .grayscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = info.channels === 1 ? data : firstChannel(data, info.channels);
  return { pixels, width: info.width, height: info.height };
}

// Defensive: grayscale output should already be single-channel, but never misread an interleaved buffer.
function firstChannel(data: Uint8Array, channels: number): Uint8Array {
  const pixels = new Uint8Array(data.length / channels);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = data[index * channels]!;
  return pixels;
}
