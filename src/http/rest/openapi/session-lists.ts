// The search and the CSV export of sessions in the OpenAPI document: their query parameters are the filters' zod
// schema (domain/session-search.ts), the same one the routes and the GraphQL input check with.
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { SESSION_CSV_COLUMNS } from '../../../domain/session-export.js';
import { SEARCH_DEFAULT_LIMIT, SessionSearchSchema } from '../../../domain/session-search.js';
import { SessionSchema } from '../../../inspections/representation.js';
import { v1Errors, v1Ok } from './common.js';

const SessionSearchPageSchema = z
  .object({
    data: z.array(SessionSchema).meta({ description: 'The sessions found, newest first (created_at, then session_key).' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor`, with the same filters, for the next page; null on the last page.' }),
  })
  .meta({ id: 'SessionSearchPage' });

/** Everything but the page size and the cursor: the export takes every session the filters find. */
const ExportQuerySchema = SessionSearchSchema.omit({ limit: true, cursor: true });

const FILTERS =
  'Filters combine (all must hold). Sessions made with a test key are left out unless `test=true`. A bad filter answers 400 with a message naming it; unknown parameters are ignored.';

const exampleCsv = `${SESSION_CSV_COLUMNS.join(',')}\r\nXKT-7Q2M9D4B1A,COMPLETE,PRO,en,2026-03-14T09:26:54.120Z,2026-03-14T10:02:31.877Z,1HGCM82633A004352,true,2003,Honda,Accord,42180,4,2,jdoe,Dana Buyer,+15550100199,lot-42\r\n`;

export function sessionListPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/sessions/search': {
      get: {
        tags: ['Sessions'],
        summary: 'Find sessions',
        description:
          `The account's sessions, newest first, ${SEARCH_DEFAULT_LIMIT} a page unless \`limit\` says otherwise; follow \`next_cursor\` for older ones. ` +
          FILTERS,
        operationId: 'searchSessions',
        requestParams: { query: SessionSearchSchema },
        responses: { '200': v1Ok('A page of sessions.', SessionSearchPageSchema, { data: [], next_cursor: null }), ...v1Errors('BadRequest') },
      },
    },
    '/v1/sessions/export.csv': {
      get: {
        tags: ['Sessions'],
        summary: 'Export sessions as CSV',
        description:
          'Every session the filters find, newest first, as CSV (RFC 4180, CRLF line ends), streamed as it is read: a header row, then one row per ' +
          'session. grade, total_damages, reviewed_by and vin_match are empty until the session is COMPLETE. A cell that begins with =, +, -, @, ' +
          "a tab or a carriage return is prefixed with ' so that a spreadsheet shows it as text instead of running it. " +
          `${FILTERS} With the API headers, or a signed-in user's cookie (any role: the dashboard's "Export CSV" link).`,
        operationId: 'exportSessionsCsv',
        security: [{ ApiKey: [], ApiToken: [], ApiTimestamp: [] }, { SignInCookie: [] }],
        requestParams: { query: ExportQuerySchema },
        responses: {
          '200': {
            description: `The CSV file, UTF-8 (\`text/csv; charset=utf-8\`); its header row is \`${SESSION_CSV_COLUMNS.join(',')}\`.`,
            headers: {
              'Content-Disposition': { description: 'attachment, with a file name carrying the date.', schema: { type: 'string' } },
              'Cache-Control': { description: 'Always `private, no-store`.', schema: { type: 'string', const: 'private, no-store' } },
            },
            content: { 'text/csv': { schema: z.string().meta({ contentMediaType: 'text/csv' }), example: exampleCsv } },
          },
          ...v1Errors('BadRequest'),
        },
      },
    },
  };
}
