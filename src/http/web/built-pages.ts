// The pages as scripts/build-pages.ts left them in build/web/: each page's HTML, and its scripts and style sheets
// under content-hashed names with their brotli and gzip forms made at build time, and the manifest naming each page's
// script and style sheet. Read once at start-up; a missing build is reported with the command that makes it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** build/web/ at the repository's root, from src/http/web (tsx) and from dist/http/web (the image) alike. */
const BUILT_DIRECTORY = fileURLToPath(new URL('../../../build/web/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface BuiltFile {
  contentType: string;
  body: Buffer;
  /** Precompressed forms, best first; one the build found no smaller is absent. */
  encodings: { encoding: 'br' | 'gzip'; body: Buffer }[];
}

export interface BuiltPages {
  /** Page name (dashboard, capture) → its HTML. */
  pages: Map<string, BuiltFile>;
  /** Hashed file name → the file, served for a year as immutable. */
  files: Map<string, BuiltFile>;
  /** Page name (landing too, whose HTML the server writes) → the addresses of its hashed script and style sheet. */
  manifest: Record<string, { script?: string; style?: string }>;
}

export function loadBuiltPages(directory = BUILT_DIRECTORY): BuiltPages {
  if (!existsSync(directory)) {
    throw new Error(`The pages are not built (${directory} is missing): run npm run build:pages (npm start and npm run build do it).`);
  }
  const pages = new Map<string, BuiltFile>();
  const files = new Map<string, BuiltFile>();
  for (const name of readdirSync(directory)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType) continue;
    const file = readBuilt(directory, name, contentType);
    if (name.endsWith('.html')) pages.set(name.slice(0, -'.html'.length), file);
    else files.set(name, file);
  }
  const manifest = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as BuiltPages['manifest'];
  return { pages, files, manifest };
}

function readBuilt(directory: string, name: string, contentType: string): BuiltFile {
  const path = join(directory, name);
  const encodings: BuiltFile['encodings'] = [];
  if (existsSync(`${path}.br`)) encodings.push({ encoding: 'br', body: readFileSync(`${path}.br`) });
  if (existsSync(`${path}.gz`)) encodings.push({ encoding: 'gzip', body: readFileSync(`${path}.gz`) });
  return { contentType, body: readFileSync(path), encodings };
}
