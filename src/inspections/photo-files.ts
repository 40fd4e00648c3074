// A capture's image files in the file store (docs/capture.md): the original upload and its JPEG thumbnails, under keys
// the capture records. MongoDB holds only the keys, never the bytes.
import type { FileStore } from '../storage/file-store.js';
import type { CaptureStore } from '../store/captures.js';
import type { Capture } from '../domain/capture.js';
import { servedVariant, type PhotoSize, type PhotoVariants } from '../domain/photo-variants.js';
import type { Readable } from 'node:stream';

/** The keys a capture keeps; null where that variant was not kept. */
export type PhotoKeys = Pick<Capture, 'fileKey' | 'mediumKey' | 'thumbKey'>;

export interface PhotoParts {
  original?: { bytes: Buffer; contentType: string };
  medium?: Buffer;
  thumb?: Buffer;
}

export interface OpenedPhoto {
  body: Readable;
  size: number;
  contentType: string;
}

const EXTENSION_OF: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const THUMBNAIL_TYPE = 'image/jpeg';
export const NO_PHOTO_KEYS: PhotoKeys = Object.freeze({ fileKey: null, mediumKey: null, thumbKey: null });

/** The unguessable token in a /photos/ URL. */
export const URL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export class PhotoFiles {
  constructor(
    private readonly store: FileStore,
    private readonly captures: Pick<CaptureStore, 'findByUrlToken'>,
  ) {}

  /** What `/photos/<token>` serves for `size`; null for an unknown token or a capture that kept nothing. */
  async openByUrlToken(token: string, size: PhotoSize): Promise<OpenedPhoto | null> {
    const capture = URL_TOKEN_PATTERN.test(token) ? await this.captures.findByUrlToken(token) : null;
    return capture ? this.open(capture, size) : null;
  }

  /** Stores the given parts of one capture; all or none (a failed write removes the parts already written). */
  async save(capture: { sessionKey: string; captureId: string }, parts: PhotoParts): Promise<PhotoKeys> {
    const folder = `photos/${capture.sessionKey}/${capture.captureId}`;
    const writes: { key: string; bytes: Buffer; contentType: string; field: keyof PhotoKeys }[] = [];
    if (parts.original) {
      const extension = EXTENSION_OF[parts.original.contentType] ?? 'bin';
      writes.push({ key: `${folder}/original.${extension}`, bytes: parts.original.bytes, contentType: parts.original.contentType, field: 'fileKey' });
    }
    if (parts.medium) writes.push({ key: `${folder}/medium.jpg`, bytes: parts.medium, contentType: THUMBNAIL_TYPE, field: 'mediumKey' });
    if (parts.thumb) writes.push({ key: `${folder}/thumb.jpg`, bytes: parts.thumb, contentType: THUMBNAIL_TYPE, field: 'thumbKey' });
    const results = await Promise.allSettled(writes.map((write) => this.store.put(write.key, write.bytes, { contentType: write.contentType })));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      await Promise.allSettled(writes.map((write) => this.store.delete(write.key)));
      throw failure.reason;
    }
    const keys: PhotoKeys = { ...NO_PHOTO_KEYS };
    for (const write of writes) keys[write.field] = write.key;
    return keys;
  }

  /** The bytes served for `size`: that variant, or the next smaller one kept; null when nothing was kept. */
  async open(capture: PhotoKeys & Pick<Capture, 'mimeType'>, size: PhotoSize): Promise<OpenedPhoto | null> {
    const variants: PhotoVariants<string> = { original: capture.fileKey, medium: capture.mediumKey, thumb: capture.thumbKey };
    const served = servedVariant(variants, size);
    if (!served) return null;
    const contentType = served.size === 'original' ? capture.mimeType : THUMBNAIL_TYPE;
    if (!contentType) return null;
    const stored = await this.store.open(served.key);
    return stored ? { ...stored, contentType } : null;
  }

  /** A whole stored file in memory (for the damage detector and the report); null when it is missing. */
  async read(key: string): Promise<Buffer | null> {
    const stored = await this.store.open(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async delete(keys: PhotoKeys): Promise<void> {
    const present = [keys.fileKey, keys.mediumKey, keys.thumbKey].filter((key): key is string => typeof key === 'string');
    await Promise.all(present.map((key) => this.store.delete(key)));
  }
}
