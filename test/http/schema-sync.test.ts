import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printSchemaSDL } from '../../src/http/graphql/schema.js';

describe('schema.graphql', () => {
  it('matches the schema built from the code (run npm run schema:print after changing it)', () => {
    expect(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8')).toBe(printSchemaSDL());
  });
});
