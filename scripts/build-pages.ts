// Builds the staff's pages (src/http/web/staff, TypeScript + Preact) into build/web/: one minified script and one
// style sheet per page, named by a hash of their content so browsers may keep them for a year, each written beside
// its brotli and gzip forms (compressed here, once, at the strongest settings), and the page's HTML naming them.
// Run by `npm start` (prestart), `npm run build` and the tests' global set-up; nothing is built while serving.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the server reads the built pages from (src/http/web/built-pages.ts). */
export const BUILT_PAGES_DIRECTORY = join(root, 'build', 'web');
const SOURCES = join(root, 'src', 'http', 'web', 'staff');

/** The pages: each an entry module and an HTML shell whose %SCRIPT% and %STYLE% become the hashed names. */
const PAGES = [{ name: 'dashboard', entry: join(SOURCES, 'main.tsx'), html: join(SOURCES, 'dashboard.html') }];

export async function buildPages({ outputDirectory = BUILT_PAGES_DIRECTORY, quiet = false } = {}): Promise<string[]> {
  rmSync(outputDirectory, { recursive: true, force: true });
  mkdirSync(outputDirectory, { recursive: true });
  const written: string[] = [];
  for (const page of PAGES) {
    const result = await build({
      entryPoints: { [page.name]: page.entry },
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2022', 'chrome110', 'safari16', 'firefox110'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      entryNames: '[name]-[hash]',
      outdir: outputDirectory,
      write: false,
      metafile: false,
      legalComments: 'none',
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    let html = readFileSync(page.html, 'utf8');
    for (const file of result.outputFiles) {
      const name = basename(file.path);
      writeAsset(outputDirectory, name, Buffer.from(file.contents));
      written.push(name);
      if (name.endsWith('.js')) html = html.replace('%SCRIPT%', `/web/app/${name}`);
      if (name.endsWith('.css')) html = html.replace('%STYLE%', `/web/app/${name}`);
    }
    if (html.includes('%SCRIPT%') || html.includes('%STYLE%')) throw new Error(`${page.name}: the build made no script or no style sheet`);
    writeAsset(outputDirectory, `${page.name}.html`, Buffer.from(html));
    written.push(`${page.name}.html`);
  }
  if (!quiet) process.stdout.write(`built ${written.join(', ')} into ${outputDirectory}\n`);
  return written;
}

/** The file and its precompressed forms (brotli .br, gzip .gz), each kept only when smaller. */
function writeAsset(directory: string, name: string, body: Buffer): void {
  writeFileSync(join(directory, name), body);
  const brotli = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (brotli.length < body.length) writeFileSync(join(directory, `${name}.br`), brotli);
  const gzip = gzipSync(body, { level: 9 });
  if (gzip.length < body.length) writeFileSync(join(directory, `${name}.gz`), gzip);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildPages();
}
