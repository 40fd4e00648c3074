// Every GraphQL document the browser pages send (the capture app and the staff's dashboard) is valid against the
// schema the server builds, so a renamed field or argument fails here rather than in a person's browser; and each
// page's generated result types (npm run pages:types) were generated from the operations it sends now.
import { readdirSync, readFileSync } from 'node:fs';
import { parse, print, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/http/graphql/schema.js';

const ASSETS = new URL('../../src/http/web/assets/', import.meta.url);
const source = (file: string) => readFileSync(new URL(file, ASSETS), 'utf8');

const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.ts'));
/** Each /* GraphQL *\/ `…` string of the capture page's scripts: the operations the generator reads. */
const documents = scripts.flatMap((script) =>
  [...source(script).matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g)].map((match) => ({
    script,
    name: /^\s*\w+ (\w+)/.exec(match[1] as string)?.[1],
    text: match[1] as string,
  })),
);
/** The capture page's generated documents (npm run pages:types), printed from the operations they were made of. */
const generated = source('graphql/graphql.ts');

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
      expect(generated).toContain(print(parse(text)));
    },
  );

  it('finds every operation the scripts spell out', () => {
    // Each `query Name` / `mutation Name` / `subscription Name` opening a string must be one the generator reads.
    const spelled = scripts.flatMap((script) => [...source(script).matchAll(/[`'"](query|mutation|subscription) ([A-Za-z]+)/g)].map((match) => match[2]));
    expect(spelled.length).toBeGreaterThan(5);
    expect(documents.map(({ name }) => name).sort()).toEqual(spelled.sort());
  });

  it('types each operation with its own generated result and variables', () => {
    const typed = scripts.flatMap((script) => [
      ...source(script).matchAll(/Operation<(\w+), (\w+)> =\s*\/\* GraphQL \*\/ `(query|mutation|subscription) (\w+)/g),
    ]);
    expect(typed.length).toBe(documents.length);
    for (const [, result, variables, kind, name] of typed) {
      const expected = `${name}${(kind as string)[0]?.toUpperCase()}${(kind as string).slice(1)}`;
      expect([result, variables]).toEqual([expected, `${expected}Variables`]);
    }
  });

  it.each(documents.map((document) => [`${document.script} ${document.name}`, document.text]))(
    '%s is valid against the schema, and its generated type is current',
    (_name, text) => {
      expect(validate(schema, parse(text)).map((error) => error.message)).toEqual([]);
      expect(generated).toContain(print(parse(text)));
    },
  );
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
