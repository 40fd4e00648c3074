// Opens the configured file store. Without DATA_DIR the filesystem store uses a temporary folder that is removed
// when the service stops, like the embedded database's data.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import { FilesystemStore } from './filesystem-store.js';
import { S3Store } from './s3-store.js';

export interface OpenedFileStore {
  store: FileStore;
  close(): Promise<void>;
}

export async function openFileStore(config: Pick<Config, 'photoStore'>): Promise<OpenedFileStore> {
  const settings = config.photoStore;
  if (settings.kind === 's3') {
    const store = new S3Store(settings);
    try {
      await store.checkBucket();
    } catch (error) {
      store.close();
      throw error;
    }
    return { store, close: async () => store.close() };
  }
  if (settings.dataDir) {
    await mkdir(settings.dataDir, { recursive: true });
    return { store: new FilesystemStore(settings.dataDir), close: async () => undefined };
  }
  const temporary = await mkdtemp(join(tmpdir(), 'capture-gateway-data-'));
  return { store: new FilesystemStore(temporary), close: () => rm(temporary, { recursive: true, force: true }) };
}
