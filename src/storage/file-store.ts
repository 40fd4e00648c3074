// The port behind which photo bytes, thumbnails and rendered report PDFs live (docs/capture.md): never in MongoDB.
// Keys are slash-separated paths made by the service itself (e.g. `photos/<session>/<capture>.jpg`).
import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  size: number;
}

export interface FileStore {
  readonly kind: 'filesystem' | 's3';
  /** Stores the bytes under `key`, replacing what was there; resolves once they are durable. */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Keys come from our own code, but a wrong one must never escape the store's root (`..`, absolute paths). */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
  }
}
