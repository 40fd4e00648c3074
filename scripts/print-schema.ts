// Writes schema.graphql from the Pothos schema: npm run schema:print
import { writeFileSync } from 'node:fs';
import { printSchemaSDL } from '../src/http/graphql/schema.js';

writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaSDL());
process.stdout.write('schema.graphql written\n');
