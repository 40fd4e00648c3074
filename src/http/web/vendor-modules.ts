// The browser pages' libraries, served from the installed packages (never a CDN): Preact with hooks and htm in one
// module, and the graphql-ws client with the chunks it imports. Each is an ES module the pages import by URL.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VENDOR_PREFIX = '/web/vendor';

/** Served name → the package entry it comes from (resolved as Node resolves an import). */
const VENDOR_ENTRIES: Record<string, string> = {
  'preact-htm.js': 'htm/preact/standalone',
  'graphql-ws.js': 'graphql-ws/client',
};

export interface VendorModule {
  /** The path under VENDOR_PREFIX. */
  name: string;
  body: Buffer;
}

/** Each entry's file, plus every file it imports relatively (served beside it under its own name). */
export function loadVendorModules(): VendorModule[] {
  const modules: VendorModule[] = [];
  for (const [name, specifier] of Object.entries(VENDOR_ENTRIES)) {
    const file = fileURLToPath(import.meta.resolve(specifier));
    const source = readFileSync(file, 'utf8');
    modules.push({ name, body: Buffer.from(source) });
    for (const chunk of relativeImports(source)) {
      modules.push({ name: basename(chunk), body: readFileSync(join(dirname(file), chunk)) });
    }
  }
  return modules;
}

/** `./chunk.js` specifiers of static imports and re-exports: bundlers emit them for shared code. */
function relativeImports(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\bfrom\s*['"](\.\/[\w.-]+\.js)['"]/g)) found.add(match[1] as string);
  return [...found];
}
