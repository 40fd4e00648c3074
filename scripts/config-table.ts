// Writes the README's table of environment variables from the configuration schema (src/config.ts), so the table
// cannot drift from the code: `npm run config:table` rewrites it, `--check` (in `npm run check`) fails when stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { variables } from '../src/config.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- environment variables: generated from src/config.ts by `npm run config:table` -->';
const END = '<!-- end of environment variables -->';

interface VariableMeta {
  description?: string;
  shownDefault?: string;
}

/** The default as the README shows it: the one the schema applies, or what the variable's meta says happens. */
function shownDefault(schema: z.ZodType): string {
  const meta = schema.meta() as VariableMeta | undefined;
  if (meta?.shownDefault !== undefined) return meta.shownDefault;
  const def = (schema as z.ZodType & { _zod: { def: { type: string; defaultValue?: unknown; in?: z.ZodType } } })._zod.def;
  if (def.type === 'default') return `\`${String(def.defaultValue)}\``;
  if (def.type === 'pipe' && def.in) return shownDefault(def.in);
  return '';
}

function configTable(): string {
  const rows = Object.entries(variables).map(([name, schema]) => {
    const meta = (schema.meta() ?? {}) as VariableMeta;
    if (!meta.description) throw new Error(`${name} has no description in src/config.ts.`);
    return `| \`${name}\` | ${shownDefault(schema)} | ${meta.description} |`;
  });
  return [START, '', '| Variable | Default | Meaning |', '|---|---|---|', ...rows, '', END].join('\n');
}

const readme = await readFile(README, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section.`);
const updated = readme.slice(0, start) + configTable() + readme.slice(end + END.length);
if (process.argv.includes('--check')) {
  if (updated !== readme) {
    console.error('README.md: the table of environment variables differs from src/config.ts; run `npm run config:table`.');
    process.exit(1);
  }
} else if (updated !== readme) {
  await writeFile(README, updated);
  console.log('README.md: table of environment variables written');
}
