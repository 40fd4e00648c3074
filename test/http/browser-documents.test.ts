// Every GraphQL document the browser pages send (the capture app and the staff's dashboard) is valid against the
// schema the server builds, so a renamed field or argument fails here rather than in a person's browser; and each
// page's generated result types (npm run pages:types) were generated from the operations it sends now.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { parse, print, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/http/graphql/schema.js';

const ASSETS = new URL('../../src/http/web/assets/', import.meta.url);
const OPERATION = /^\s*(query|mutation|subscription)\b/;
/**
 * Top-level string constants, plain or template, exported or not (`${FIELDS}` pieces are other constants of the
 * same file, or of a sibling script it imports them from).
 */
const STRING_CONSTANT = /^(?:export )?const ([A-Z][A-Z0-9_]*) =\s*(`[^`]*`|'[^'\n]*'|"[^"\n]*");$/gm;
const SIBLING_IMPORT = /^import \{([^}]+)\} from '\.\/([\w-]+\.js)';$/gm;

/** A script's text; a module imported as `./name.js` is the TypeScript file `name.ts`. */
const source = (script: string) => {
  const file = new URL(script, ASSETS);
  return readFileSync(existsSync(file) ? file : new URL(script.replace(/\.js$/, '.ts'), ASSETS), 'utf8');
};
const declarationsOf = (text: string) =>
  [...text.matchAll(STRING_CONSTANT)].map((match) => ({ name: match[1] as string, code: match[0].replace(/^export /, '') }));

/** The GraphQL operations a script defines, by constant name, with its template pieces filled in. */
function documentsIn(script: string): Record<string, string> {
  const text = source(script);
  const imported = [...text.matchAll(SIBLING_IMPORT)].flatMap((match) => {
    const names = new Set((match[1] as string).split(',').map((name) => name.trim()));
    return declarationsOf(source(match[2] as string)).filter(({ name }) => names.has(name));
  });
  const own = declarationsOf(text);
  const values = runInNewContext(`${[...imported, ...own].map(({ code }) => code).join('\n')}\n({ ${own.map(({ name }) => name).join(', ')} });`) as Record<
    string,
    string
  >;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => OPERATION.test(value)));
}

const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
const documents = scripts.flatMap((script) => Object.entries(documentsIn(script)).map(([name, text]) => ({ script, name, text })));

/** GraphQL data blocks of the pages (`<script type="application/graphql">`), sent by their scripts. */
const pageDocuments = readdirSync(ASSETS)
  .filter((name) => name.endsWith('.html'))
  .flatMap((page) =>
    [...source(page).matchAll(/<script type="application\/graphql" id="([\w-]+)">([\s\S]*?)<\/script>/g)].map((match) => ({
      script: page,
      name: match[1] as string,
      text: match[2] as string,
    })),
  );

describe('GraphQL documents of the browser assets', () => {
  it('finds the data blocks of the pages', () => {
    expect(pageDocuments.map(({ script, name }) => `${script} ${name}`)).toEqual(['capture.html session-query']);
  });

  it.each(pageDocuments.map((document) => [`${document.script} ${document.name}`, document.text]))(
    '%s is valid against the schema, and its generated type is current',
    (_name, text) => {
      expect(validate(schema, parse(text)).map((error) => error.message)).toEqual([]);
      // The generated documents are printed from the source: a changed operation without `npm run pages:types` is missing.
      expect(readFileSync(new URL('graphql/graphql.ts', ASSETS), 'utf8')).toContain(print(parse(text)));
    },
  );

  it('finds every operation the scripts spell out', () => {
    // Each `query Name` / `mutation Name` / `subscription Name` opening a string must have been extracted.
    const spelled = scripts.flatMap((script) =>
      [...readFileSync(new URL(script, ASSETS), 'utf8').matchAll(/[`'"](query|mutation|subscription) ([A-Za-z]+)/g)].map((match) => match[2]),
    );
    expect(spelled.length).toBeGreaterThan(5);
    expect(documents.map(({ text }) => /^\s*\w+ ([A-Za-z]+)/.exec(text)?.[1]).sort()).toEqual(spelled.sort());
  });

  it.each(documents.map((document) => [`${document.script} ${document.name}`, document.text]))('%s is valid against the schema', (_name, text) => {
    expect(validate(schema, parse(text)).map((error) => error.message)).toEqual([]);
  });
});

const STAFF = new URL('../../src/http/web/staff/', import.meta.url);
const staffSources = readdirSync(STAFF)
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => ({ name, text: readFileSync(new URL(name, STAFF), 'utf8') }));
/** Each graphql(`…`) of the dashboard's sources, as written. */
const staffDocuments = staffSources.flatMap(({ name, text }) =>
  [...text.matchAll(/graphql\(`([\s\S]*?)`\)/g)].map((match) => ({ name, text: match[1] as string })),
);
const isFragment = (text: string) => /^\s*fragment /.test(text);
const staffFragments = staffDocuments.filter(({ text }) => isFragment(text)).map(({ text }) => text);
/** Operations (a fragment is checked inside the operations that spread it). */
const staffOperations = staffDocuments.filter(({ text }) => !isFragment(text));

describe('GraphQL documents of the staff dashboard', () => {
  it('finds its operations', () => {
    expect(staffDocuments.length).toBeGreaterThan(20);
  });

  it('generated the types of every fragment as written', () => {
    const generated = readFileSync(new URL('graphql/gql.ts', STAFF), 'utf8');
    for (const fragment of staffFragments) expect(generated).toContain(JSON.stringify(fragment));
  });

  it.each(staffOperations.map((document) => [`${document.name} ${/^\s*\w+ (\w+)/.exec(document.text)?.[1]}`, document.text]))(
    '%s is valid against the schema, and its generated type is current',
    (_name, text) => {
      const fragments = staffFragments.filter((fragment) => fragment !== text && text.includes(`...${/fragment (\w+)/.exec(fragment)?.[1]}`));
      expect(validate(schema, parse([text, ...fragments].join('\n'))).map((error) => error.message)).toEqual([]);
      // The generated map is keyed by the exact text: a changed operation without `npm run pages:types` is missing.
      expect(readFileSync(new URL('graphql/gql.ts', STAFF), 'utf8')).toContain(JSON.stringify(text));
    },
  );
});
