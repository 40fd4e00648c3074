// The types of the staff pages' GraphQL results, generated from schema.graphql (`npm run pages:types`): each
// operation written in the pages with graphql(`…`) becomes a typed document string. Run after changing an operation
// or the schema; test/http/pages-types.test.ts fails while the committed output is stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/http/web/staff/**/*.tsx', 'src/http/web/staff/**/*.ts', '!src/http/web/staff/graphql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/http/web/staff/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        skipTypename: true,
        scalars: { DateTime: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>', File: 'File' },
      },
    },
  },
};

export default config;
