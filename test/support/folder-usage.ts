// What a filesystem file store holds: its files (ignoring in-flight `.partial` writes) and their total size.
import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FolderUsage {
  files: string[];
  bytes: number;
}

export async function folderUsage(root: string): Promise<FolderUsage> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.partial')).map((entry) => join(entry.parentPath, entry.name));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return { files: files.map((file) => file.slice(root.length + 1)).sort(), bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** A fresh folder for a test server's DATA_DIR. */
export function temporaryDataDir(prefix = 'capture-gateway-test-data-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
