// Cross-site request forgery protection for cookie sign-ins (docs/staff.md). A browser sends cg_session with any
// request to us, even one a foreign page made; such a page cannot send content-type application/json or a custom
// header without a CORS preflight, so a request whose only credential is the cookie must be a JSON POST, or a GET
// carrying graphql-require-preflight. API headers and capture tokens cannot be forged this way and pass as before.
import type { Plugin } from 'graphql-yoga';
import { readSignInCookie } from '../sign-in-cookie.js';

export const PREFLIGHT_HEADER = 'graphql-require-preflight';

export function csrfPlugin(): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!isForgeable(request, url)) return;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            message: 'A request signed in with the cookie must be a POST with content-type application/json, or carry the graphql-require-preflight header.',
          }),
          {
            status: 403,
            headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
          },
        ),
      );
    },
  };
}

function isForgeable(request: Request, url: URL): boolean {
  const headers = request.headers;
  if (!readSignInCookie(headers.get('cookie'))) return false;
  if (headers.get('api-key') || headers.get('capture-token')) return false;
  if (request.method === 'OPTIONS') return false;
  if (request.method === 'GET') {
    // A GET without an operation executes nothing (the GraphiQL page).
    if (!url.searchParams.has('query') && !url.searchParams.has('extensions')) return false;
    return !headers.has(PREFLIGHT_HEADER);
  }
  const mediaType = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  return !(request.method === 'POST' && mediaType === 'application/json');
}
