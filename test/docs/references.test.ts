// The repository explains itself: every document the code, tests, benchmarks and scripts cite (`docs/<name>.md`, with
// an optional `#section`) exists and has that section, every relative link between the docs (and from the README)
// lands on a file and a heading that exist, every source path the docs name exists, and no citation of the
// integration contract by section number comes back (the docs state it; a reference names a document in the
// repository). Reads files only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where citations live: source, tests, benchmarks, scripts, and any workspace package. */
const CITING_FOLDERS = ['src', 'test', 'bench', 'scripts', 'packages'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|html|css|md|graphql|ya?ml)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'screenshots', 'baselines']);
/** `docs/<name>.md` and an optional `#section`, as comments cite them. */
const DOC_CITATION = /\bdocs\/([a-z0-9_-]+\.md)(#[a-z0-9_-]+)?/g;
/** A section-number citation of the contract; written in two parts so that this file does not match itself. */
const CONTRACT_SECTION = new RegExp(['CONTRACT', String.raw`\s*(§|section\s+\d)`].join(''), 'i');
/** A path of the repository in backticks, as the docs name source files: `src/domain/limits.ts`. */
const REPOSITORY_PATH = /`((?:src|test|bench|scripts|packages)\/[^`\s]+)`/g;
/** A relative Markdown link target: `](path.md#section)`, `](../README.md)`, `](#section)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:)([^)\s]*)\)/g;

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : filesUnder(path);
    return TEXT_FILE.test(name) ? [path] : [];
  });
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why `target#anchor` (a path from the repository root) does not resolve, or null when it does. */
function brokenTarget(target: string, anchor: string | undefined): string | null {
  const path = join(ROOT, target);
  if (!existsSync(path)) return 'no such file';
  if (anchor === undefined || !target.endsWith('.md')) return null;
  return headingAnchors(readFileSync(path, 'utf8')).has(anchor) ? null : `no heading for #${anchor}`;
}

const citingFiles = CITING_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder)));
const documents = [...filesUnder(join(ROOT, 'docs')).filter((path) => path.endsWith('.md')), join(ROOT, 'README.md')];

describe('the docs the repository cites', () => {
  it('finds citations to check', () => {
    expect(citingFiles.length).toBeGreaterThan(100);
    const cites = new RegExp(DOC_CITATION.source);
    expect(citingFiles.some((path) => cites.test(readFileSync(path, 'utf8')))).toBe(true);
  });

  it('exist, with the sections cited', () => {
    const broken: string[] = [];
    for (const path of citingFiles) {
      for (const [citation, name, anchor] of readFileSync(path, 'utf8').matchAll(DOC_CITATION)) {
        const problem = brokenTarget(join('docs', name as string), anchor?.slice(1));
        if (problem) broken.push(`${relative(ROOT, path)} cites ${citation}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('link to files and headings that exist', () => {
    const broken: string[] = [];
    for (const path of documents) {
      const text = readFileSync(path, 'utf8');
      for (const [, link] of text.matchAll(MARKDOWN_LINK)) {
        const [file, anchor] = (link as string).split('#') as [string, string | undefined];
        const target = file === '' ? relative(ROOT, path) : relative(ROOT, resolve(dirname(path), file));
        const problem = brokenTarget(target, anchor);
        if (problem) broken.push(`${relative(ROOT, path)} links ${link}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only repository paths that exist, except where they say the thing is planned', () => {
    const missing: string[] = [];
    for (const path of documents) {
      for (const block of readFileSync(path, 'utf8').split(/\n\s*\n/)) {
        if (block.includes('(planned)')) continue;
        for (const [, named] of block.matchAll(REPOSITORY_PATH)) {
          if (!/[<*]/.test(named as string) && !existsSync(join(ROOT, named as string))) missing.push(`${relative(ROOT, path)} names ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('never cite the contract by section number: the docs state it', () => {
    const citing = [...citingFiles, ...documents, join(ROOT, 'schema.graphql')]
      .filter((path) => CONTRACT_SECTION.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(citing).toEqual([]);
  });
});

describe('headingAnchors', () => {
  it('makes the anchors GitHub makes', () => {
    const anchors = headingAnchors(
      [
        '# Title',
        "## The integrator's first week",
        '### Vehicle check, VIN decode and odometer reading',
        '## Errors',
        '## Errors',
        '```',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual(['title', 'the-integrators-first-week', 'vehicle-check-vin-decode-and-odometer-reading', 'errors', 'errors-1']);
  });
});
