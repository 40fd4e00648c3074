// Builds the browser pages into build/web/: the staff's dashboard (src/http/web/staff, TypeScript + Preact), the
// capture page (src/http/web/assets, JavaScript modules) and the landing page's style sheet. Each gets one minified
// script and one style sheet named by a hash of their content, so browsers may keep them for a year (code a page
// loads only when needed, like the capture page's camera, becomes a chunk of its own), each written beside its
// brotli and gzip forms (compressed here, once, at the strongest settings), and the page's HTML naming them.
// Run by `npm start` (prestart), `npm run build` and the tests' global set-up; nothing is built while serving.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the server reads the built pages from (src/http/web/built-pages.ts). */
export const BUILT_PAGES_DIRECTORY = join(root, 'build', 'web');
/** The built pages' address on the server (src/http/web/web-routes.ts serves build/web there). */
const SERVED_AT = '/web/app';
const WEB = join(root, 'src', 'http', 'web');

interface Page {
  name: string;
  entry: string;
  /**
   * The page's HTML shell: %SCRIPT% and %STYLE% become the hashed names, %PRELOADS% the module preloads of the
   * chunks the script imports at once. Without one (the landing page, written by the server) only the manifest
   * names the files.
   */
  html?: string;
}

const PAGES: Page[] = [
  { name: 'dashboard', entry: join(WEB, 'staff', 'main.tsx'), html: join(WEB, 'staff', 'dashboard.html') },
  { name: 'capture', entry: join(WEB, 'assets', 'capture.js'), html: join(WEB, 'assets', 'capture.html') },
  { name: 'landing', entry: join(WEB, 'assets', 'landing.css') },
];

/** build/web/manifest.json: each page's hashed script and style sheet, for the server to name them. */
interface BuiltManifest {
  [page: string]: { script?: string; style?: string };
}

export async function buildPages({ outputDirectory = BUILT_PAGES_DIRECTORY, quiet = false } = {}): Promise<string[]> {
  rmSync(outputDirectory, { recursive: true, force: true });
  mkdirSync(outputDirectory, { recursive: true });
  const written: string[] = [];
  const manifest: BuiltManifest = {};
  for (const page of PAGES) {
    const result = await build({
      entryPoints: { [page.name]: page.entry },
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      target: ['es2022', 'chrome110', 'safari16', 'firefox110'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      entryNames: '[name]-[hash]',
      chunkNames: '[name]-[hash]',
      outdir: outputDirectory,
      write: false,
      metafile: true,
      legalComments: 'none',
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const served = (path: string) => `${SERVED_AT}/${basename(path)}`;
    const outputs = Object.entries(result.metafile.outputs);
    const [scriptPath, script] = outputs.find(([path, output]) => path.endsWith('.js') && output.entryPoint !== undefined) ?? [];
    const style = outputs.find(([path]) => path.endsWith('.css'))?.[0];
    manifest[page.name] = { ...(scriptPath ? { script: served(scriptPath) } : {}), ...(style ? { style: served(style) } : {}) };
    for (const file of result.outputFiles) {
      const name = basename(file.path);
      writeAsset(outputDirectory, name, Buffer.from(file.contents));
      written.push(name);
    }
    if (!page.html) continue;
    if (!scriptPath || !style) throw new Error(`${page.name}: the build made no script or no style sheet`);
    // The chunks the script imports before it runs are fetched beside it rather than after it.
    const preloads = (script?.imports ?? [])
      .filter((imported) => imported.kind === 'import-statement')
      .map((imported) => `<link rel="modulepreload" href="${served(imported.path)}">`)
      .join('\n  ');
    const html = compactHtml(
      readFileSync(page.html, 'utf8').replace('%SCRIPT%', served(scriptPath)).replace('%STYLE%', served(style)).replace('%PRELOADS%', preloads),
    );
    writeAsset(outputDirectory, `${page.name}.html`, Buffer.from(html));
    written.push(`${page.name}.html`);
  }
  writeFileSync(join(outputDirectory, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!quiet) process.stdout.write(`built ${written.join(', ')} into ${relative(root, outputDirectory)}\n`);
  return written;
}

/** The shell without its comments and indentation: bytes a phone on a weak signal need not wait for. */
function compactHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{2,}/g, '\n');
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
