// Resized JPEG copies of an upload for pages and reports (docs/capture.md): EXIF orientation applied, transparency on
// white, no metadata carried over (a phone's GPS tags stay in the original). sharp does the work on libuv's pool.
import sharp from 'sharp';
import { THUMBNAIL_SIZES, type ThumbnailSize } from '../domain/photo-variants.js';

export interface ThumbnailOptions {
  /** Which sizes to make; `medium` is made first and `thumb` from it, so the full image is decoded once. */
  sizes: readonly ThumbnailSize[];
  /** Refuse to decode more pixels than this (the QC decompression-bomb limit). */
  maxPixels: number;
}

const JPEG = { quality: 80, mozjpeg: false } as const;

/** JPEG bytes per requested size. Throws when the image cannot be decoded or has too many pixels. */
export async function renderThumbnails(bytes: Uint8Array, options: ThumbnailOptions): Promise<Partial<Record<ThumbnailSize, Buffer>>> {
  const result: Partial<Record<ThumbnailSize, Buffer>> = {};
  let source: Uint8Array = bytes;
  for (const size of (['medium', 'thumb'] as const).filter((size) => options.sizes.includes(size))) {
    const longEdge = THUMBNAIL_SIZES[size].longEdge;
    result[size] = await sharp(source, { failOn: 'error', limitInputPixels: options.maxPixels })
      .rotate()
      .resize({ width: longEdge, height: longEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg(JPEG)
      .toBuffer();
    source = result[size];
  }
  return result;
}
