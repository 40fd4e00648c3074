// The sizes one photo is served in (docs/capture.md): the original upload, or a JPEG resized to fit a square of
// `longEdge` pixels, chosen with `?size=`. Which stored variant answers a request is decided here, once.

export const THUMBNAIL_SIZES = Object.freeze({ thumb: { longEdge: 400 }, medium: { longEdge: 1280 } });

export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;
export type PhotoSize = 'original' | ThumbnailSize;

/** `?size=` absent → the original; `thumb` or `medium`; anything else (including an empty value) is refused. */
export function parsePhotoSize(value: string | null): PhotoSize | null {
  if (value === null) return 'original';
  return value === 'thumb' || value === 'medium' ? value : null;
}

/** The stored variants of one capture; a missing one is null (a rejected upload keeps only its thumbnail). */
export interface PhotoVariants<Key> {
  original: Key | null;
  medium: Key | null;
  thumb: Key | null;
}

const LARGEST_FIRST: readonly PhotoSize[] = ['original', 'medium', 'thumb'];

/** The requested variant, or the next smaller one that was kept; null when nothing was kept. */
export function servedVariant<Key>(variants: PhotoVariants<Key>, size: PhotoSize): { size: PhotoSize; key: Key } | null {
  for (const candidate of LARGEST_FIRST.slice(LARGEST_FIRST.indexOf(size))) {
    const key = variants[candidate];
    if (key !== null) return { size: candidate, key };
  }
  return null;
}

/** What an upload QC could decode keeps (docs/limits.md): everything when accepted, only its thumbnail when rejected. */
export function variantsToKeep(accepted: boolean): readonly PhotoSize[] {
  return accepted ? ['original', 'medium', 'thumb'] : ['thumb'];
}
