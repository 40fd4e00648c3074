// Writes packages/client/src/openapi.ts, the client library's types, from the OpenAPI document the service serves,
// so the client cannot drift from the API: `npm run client:types` rewrites it, `--check` (in `npm run check`) fails
// when it is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/http/rest/openapi/document.js';

const TARGET = fileURLToPath(new URL('../packages/client/src/openapi.ts', import.meta.url));
const HEADER = "// Generated from the service's OpenAPI document by `npm run client:types`; do not edit.\n";

const document = openApiDocument({ serverUrl: 'http://localhost:4000', version: '0.0.0' });
const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
const generated = HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  const current = await readFile(TARGET, 'utf8').catch(() => '');
  if (current !== generated) {
    process.stderr.write('packages/client/src/openapi.ts is stale: run npm run client:types\n');
    process.exit(1);
  }
} else {
  await writeFile(TARGET, generated);
  process.stdout.write('packages/client/src/openapi.ts written\n');
}
