// Part of `npm run build`: tsc emits only JavaScript, so every other file under src/ (the web pages, styles and
// scripts of src/http/web/assets, and any other asset a module reads beside itself) is copied to the same place in dist/.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src');
const target = join(root, 'dist');

function copyAssets(directory) {
  let copied = 0;
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) copied += copyAssets(path);
    else if (!entry.endsWith('.ts') && !entry.endsWith('.tsx')) {
      cpSync(path, join(target, relative(source, path)));
      copied += 1;
    }
  }
  return copied;
}

process.stdout.write(`copied ${copyAssets(source)} asset files from src/ to dist/\n`);
