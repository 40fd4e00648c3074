// Finding and exporting sessions (docs/rest-guide.md "Finding sessions", "Exporting sessions"): fixed paths under
// /v1/sessions, registered before /v1/sessions/:sessionKey so that neither is read as a session key.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import { LEAST_ROLE_TO_EXPORT_SESSIONS, roleReaches } from '../../users/roles.js';
import { authenticateRequest } from '../request-authentication.js';
import { apiOrSignedIn } from './api-or-cookie.js';
import { sendJson } from './http-io.js';
import type { Router } from './router.js';
import { apiSessionView } from './v1-routes.js';

export const SESSION_SEARCH_PATH = '/v1/sessions/search';
export const SESSION_EXPORT_PATH = '/v1/sessions/export.csv';

export function registerSessionListRoutes(router: Router, services: UseCases): void {
  router.on('GET', SESSION_SEARCH_PATH, async ({ request, response, url }) => {
    const { account } = await authenticateRequest(services, request);
    const page = await services.sessions.search(account, queryOf(url));
    const data = await Promise.all(page.sessions.map((session) => apiSessionView(services, session)));
    sendJson(response, 200, { data, next_cursor: page.nextCursor });
  });

  // The API headers, or a signed-in user's cookie (the dashboard's "Export CSV" link), as the role table allows.
  router.on('GET', SESSION_EXPORT_PATH, async ({ request, response, url }) => {
    const account = await exportingAccount(services, request);
    const lines = await services.sessions.exportCsv(account, queryOf(url));
    response.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sessions-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'private, no-store',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    try {
      // Written as the database cursor yields, pausing while the client reads slower than the rows come.
      await pipeline(Readable.from(lines), response);
    } catch (error) {
      // A client that stops reading mid-file is no failure of ours.
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  });
}

async function exportingAccount(services: UseCases, request: IncomingMessage) {
  const { account, viewer } = await apiOrSignedIn(services, request);
  if (viewer.kind === 'user' && !roleReaches(viewer.role, LEAST_ROLE_TO_EXPORT_SESSIONS)) {
    throw new AppError('FORBIDDEN', `The ${viewer.role} role may not export sessions.`);
  }
  return account;
}

/** The query string as the filters' schema reads it: each parameter once (the last given wins). */
function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}
