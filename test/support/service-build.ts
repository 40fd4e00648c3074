// The service laid out as `npm run build` lays out dist/ (each module's JavaScript beside the files it reads), made
// by esbuild's transpiler for the tests that start the service as a process: Node starts it from there with about
// half the CPU that `tsx src/main.ts` spends compiling and resolving each module as it loads. Built once by the
// global set-up, again only when a file under src/ changed (the list of files and their hashes is kept beside it).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = join(ROOT, 'src');
/** Beside dist/, at the same depth: modules find build/web and package.json by paths relative to their own place. */
const OUTPUT = join(ROOT, 'dist-test');
/** The entry point to start with `node`. */
export const BUILT_SERVICE_ENTRY = join(OUTPUT, 'main.js');
/** The browser pages' sources: bundled into build/web by scripts/build-pages.ts; tsc leaves them out of dist/ too. */
const PAGE_SOURCES = [join(SOURCE, 'http', 'web', 'staff'), join(SOURCE, 'http', 'web', 'assets')];
const SOURCES_FILE = 'sources.json';

/** Transpiles src/ into dist-test/ unless it was built from the same files; a new build replaces the old at once. */
export async function buildServiceForTests(): Promise<void> {
  const files = sourceFiles(SOURCE);
  const sources = JSON.stringify({ esbuild: esbuildVersion, files: Object.fromEntries(files.map((file) => [relative(ROOT, file), fileHash(file)])) });
  if (readIfPresent(join(OUTPUT, SOURCES_FILE)) === sources) return;
  const staging = `${OUTPUT}.${process.pid}-${Date.now()}`;
  const previous = `${staging}-previous`;
  try {
    const isModule = (file: string) => /\.tsx?$/.test(file) && !PAGE_SOURCES.some((pages) => file.startsWith(`${pages}/`));
    for (const file of files.filter((path) => !isModule(path))) {
      mkdirSync(dirname(join(staging, relative(SOURCE, file))), { recursive: true });
      cpSync(file, join(staging, relative(SOURCE, file)));
    }
    // esnext keeps `with { type: 'json' }` on the package.json imports, which Node requires.
    await build({
      entryPoints: files.filter(isModule),
      outdir: staging,
      outbase: SOURCE,
      format: 'esm',
      platform: 'node',
      target: 'esnext',
      logLevel: 'error',
    });
    writeFileSync(join(staging, SOURCES_FILE), sources);
    if (existsSync(OUTPUT)) renameSync(OUTPUT, previous);
    renameSync(staging, OUTPUT);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(previous, { recursive: true, force: true });
  }
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : [join(directory, entry.name)]))
    .sort();
}

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
