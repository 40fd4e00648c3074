// Every GraphQL document the browser assets send (the capture app and the dashboard) is valid against the schema
// the server builds, so a renamed field or argument fails here rather than in a person's browser.
import { readdirSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/http/graphql/schema.js';

const ASSETS = new URL('../../src/http/web/assets/', import.meta.url);
const OPERATION = /^\s*(query|mutation|subscription)\b/;
/** Top-level string constants, plain or template (`${FIELDS}` pieces are other constants of the same file). */
const STRING_CONSTANT = /^const ([A-Z][A-Z0-9_]*) = (`[^`]*`|'[^'\n]*'|"[^"\n]*");$/gm;

/** The GraphQL operations a script defines, by constant name, with its template pieces filled in. */
function documentsIn(source: string): Record<string, string> {
  const declarations = [...source.matchAll(STRING_CONSTANT)];
  const names = declarations.map((match) => match[1]);
  const values = runInNewContext(`${declarations.map((match) => match[0]).join('\n')}\n({ ${names.join(', ')} });`) as Record<string, string>;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => OPERATION.test(value)));
}

const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
const documents = scripts.flatMap((script) =>
  Object.entries(documentsIn(readFileSync(new URL(script, ASSETS), 'utf8'))).map(([name, text]) => ({ script, name, text })),
);

describe('GraphQL documents of the browser assets', () => {
  it('finds every operation the scripts spell out', () => {
    // Each `query Name` / `mutation Name` / `subscription Name` opening a string must have been extracted.
    const spelled = scripts.flatMap((script) =>
      [...readFileSync(new URL(script, ASSETS), 'utf8').matchAll(/[`'"](query|mutation|subscription) ([A-Za-z]+)/g)].map((match) => match[2]),
    );
    expect(spelled.length).toBeGreaterThan(10);
    expect(documents.map(({ text }) => /^\s*\w+ ([A-Za-z]+)/.exec(text)?.[1]).sort()).toEqual(spelled.sort());
  });

  it.each(documents.map((document) => [`${document.script} ${document.name}`, document.text]))('%s is valid against the schema', (_name, text) => {
    expect(validate(schema, parse(text)).map((error) => error.message)).toEqual([]);
  });
});
