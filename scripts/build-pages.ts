// Builds the browser pages into build/web/: the staff's dashboard (src/http/web/staff, TypeScript + Preact), the
// capture page (src/http/web/assets, TypeScript modules) and the landing page's style sheet. Each gets one minified
// script and one style sheet named by a hash of their content, so browsers may keep them for a year (code a page
// loads only when needed, like the capture page's camera, becomes a chunk of its own), each written beside its
// brotli and gzip forms (compressed here, once, at the strongest settings), and the page's HTML naming them.
// Run by `npm start` (prestart), `npm run build` and the tests' global set-up; nothing is built while serving.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build, version as esbuildVersion } from 'esbuild';

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
  { name: 'capture', entry: join(WEB, 'assets', 'capture.ts'), html: join(WEB, 'assets', 'capture.html') },
  { name: 'landing', entry: join(WEB, 'assets', 'landing.css') },
];

/** build/web/manifest.json: each page's hashed script and style sheet, for the server to name them. */
interface BuiltManifest {
  [page: string]: { script?: string; style?: string };
}

/** build/web/sources.json: every file the last build read (relative to the root) with its hash, and esbuild's version. */
const SOURCES_FILE = 'sources.json';

/**
 * Builds the pages into `outputDirectory`, unless what is there was built from the same sources (sources.json): a
 * second test run or start in one checkout then neither spends the seconds of a build nor takes away files that a
 * running server reads. A build is made in a directory beside it and put in its place at the end. Returns the names
 * of the files written, none when the build was up to date.
 */
export async function buildPages({ outputDirectory = BUILT_PAGES_DIRECTORY, quiet = false } = {}): Promise<string[]> {
  if (builtFromSameSources(outputDirectory)) {
    if (!quiet) process.stdout.write(`${relative(root, outputDirectory)} is up to date\n`);
    return [];
  }
  const staging = `${outputDirectory}.${process.pid}-${Date.now()}`;
  const previous = `${staging}-previous`;
  mkdirSync(staging, { recursive: true });
  try {
    // The pages are bundled side by side, and their files compressed at once (zlib's threads), not one after another.
    const built = await Promise.all(PAGES.map((page) => buildPage(page, staging)));
    const manifest: BuiltManifest = Object.fromEntries(built.map((page) => [page.name, page.manifest]));
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(staging, SOURCES_FILE), `${JSON.stringify(sourcesOf(built.flatMap((page) => page.sources)), null, 2)}\n`);
    if (existsSync(outputDirectory)) renameSync(outputDirectory, previous);
    renameSync(staging, outputDirectory);
    const written = built.flatMap((page) => page.written);
    if (!quiet) process.stdout.write(`built ${written.join(', ')} into ${relative(root, outputDirectory)}\n`);
    return written;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(previous, { recursive: true, force: true });
  }
}

interface BuiltPage {
  name: string;
  manifest: BuiltManifest[string];
  /** The files written, by name. */
  written: string[];
  /** Absolute paths of the files the page was made from. */
  sources: string[];
}

async function buildPage(page: Page, outputDirectory: string): Promise<BuiltPage> {
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
  const manifest = { ...(scriptPath ? { script: served(scriptPath) } : {}), ...(style ? { style: served(style) } : {}) };
  const files = result.outputFiles.map((file) => ({ name: basename(file.path), body: Buffer.from(file.contents) }));
  const sources = Object.keys(result.metafile.inputs).map((input) => resolve(input));
  if (page.html) {
    if (!scriptPath || !style) throw new Error(`${page.name}: the build made no script or no style sheet`);
    // The chunks the script imports before it runs are fetched beside it rather than after it.
    const preloads = (script?.imports ?? [])
      .filter((imported) => imported.kind === 'import-statement')
      .map((imported) => `<link rel="modulepreload" href="${served(imported.path)}">`)
      .join('\n  ');
    const html = compactHtml(
      readFileSync(page.html, 'utf8').replace('%SCRIPT%', served(scriptPath)).replace('%STYLE%', served(style)).replace('%PRELOADS%', preloads),
    );
    files.push({ name: `${page.name}.html`, body: Buffer.from(html) });
    sources.push(page.html);
  }
  await Promise.all(files.map((file) => writeAsset(outputDirectory, file.name, file.body)));
  return { name: page.name, manifest, written: files.map((file) => file.name), sources };
}

interface Sources {
  esbuild: string;
  /** Path relative to the root → SHA-256 of its content. */
  files: Record<string, string | null>;
}

/** What a build was made from: `paths` and this script, each with its hash, and esbuild's version. */
function sourcesOf(paths: readonly string[]): Sources {
  const all = [...new Set([...paths, fileURLToPath(import.meta.url)])].sort();
  return { esbuild: esbuildVersion, files: Object.fromEntries(all.map((path) => [relative(root, path), fileHash(path)])) };
}

function fileHash(path: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}

/** Whether `directory` holds a build made by this script and esbuild from files that have not changed since. */
function builtFromSameSources(directory: string): boolean {
  let recorded: Sources;
  try {
    recorded = JSON.parse(readFileSync(join(directory, SOURCES_FILE), 'utf8')) as Sources;
  } catch {
    return false;
  }
  const paths = Object.keys(recorded.files);
  return (
    recorded.esbuild === esbuildVersion &&
    paths.includes(relative(root, fileURLToPath(import.meta.url))) &&
    paths.every((path) => fileHash(resolve(root, path)) === recorded.files[path])
  );
}

/** The shell without its comments and indentation: bytes a phone on a weak signal need not wait for. */
function compactHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{2,}/g, '\n');
}

const brotliCompressed = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The file and its precompressed forms (brotli .br, gzip .gz), each kept only when smaller. */
async function writeAsset(directory: string, name: string, body: Buffer): Promise<void> {
  writeFileSync(join(directory, name), body);
  const [brotli, gzip] = await Promise.all([
    brotliCompressed(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  if (brotli.length < body.length) writeFileSync(join(directory, `${name}.br`), brotli);
  if (gzip.length < body.length) writeFileSync(join(directory, `${name}.gz`), gzip);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildPages();
}
