// The types of the pages' GraphQL results, generated from schema.graphql (`npm run pages:types`), one output per
// page. The staff's pages: each operation written with graphql(`…`) becomes a typed document string. The capture
// page: each operation written as a /* GraphQL */ `…` string, and capture.html's session query, get their result and
// variables types; the page imports only those types, so nothing generated reaches its script. Run after changing an
// operation or the schema; test/http/browser-documents.test.ts fails while the committed output is stale.
import { readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

/** The query capture.html holds in its `session-query` data block (its early start sends it before the script runs). */
const captureSessionQuery = /<script type="application\/graphql" id="session-query">([\s\S]*?)<\/script>/.exec(
  readFileSync('src/http/web/assets/capture.html', 'utf8'),
)?.[1];
if (!captureSessionQuery) throw new Error('capture.html has no session-query block');

const output = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    documentMode: 'string',
    enumsAsTypes: true,
    useTypeImports: true,
    skipTypename: true,
    scalars: { DateTime: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>', File: 'File' },
  },
} as const;

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'src/http/web/staff/graphql/': {
      ...output,
      documents: ['src/http/web/staff/**/*.tsx', 'src/http/web/staff/**/*.ts', '!src/http/web/staff/graphql/**'],
    },
    'src/http/web/assets/graphql/': {
      ...output,
      documents: ['src/http/web/assets/**/*.ts', '!src/http/web/assets/graphql/**', captureSessionQuery],
    },
  },
};

export default config;
