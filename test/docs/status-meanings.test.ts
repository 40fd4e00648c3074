// The lifecycle table of docs/events.md and the meanings GraphQL gives the SessionStatus values come from one record
// (SESSION_STATUS_MEANINGS): the table must say exactly what the record says, status by status. Reads files only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_STATUS_MEANINGS } from '../../src/domain/statuses.js';

/** The `| \`STATUS\` | Meaning |` rows of the table under "## Lifecycle", as status → meaning. */
function lifecycleTable(markdown: string): Record<string, string> {
  const section = markdown.split(/^## Lifecycle$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|$/gm)];
  return Object.fromEntries(rows.map(([, status, meaning]) => [status, meaning?.trim()]));
}

describe('docs/events.md lifecycle table', () => {
  it('states each status as SESSION_STATUS_MEANINGS does', () => {
    const table = lifecycleTable(readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8'));
    expect(table).toEqual(SESSION_STATUS_MEANINGS);
  });
});
