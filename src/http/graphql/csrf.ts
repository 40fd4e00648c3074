// Cross-site request forgery protection for cookie sign-ins (docs/staff.md): a request whose only credential is the
// cookie must be one a foreign page cannot make (cross-site-requests.ts), and a GET operation must carry
// graphql-require-preflight. API headers and capture tokens cannot be forged this way and pass as before.
import type { Plugin } from 'graphql-yoga';
import { readSignInCookie } from '../sign-in-cookie.js';
import { couldComeFromAnotherSite, CROSS_SITE_WRITE_MESSAGE, PREFLIGHT_HEADER } from '../cross-site-requests.js';

export { PREFLIGHT_HEADER };

export function csrfPlugin(): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!isForgeable(request, url)) return;
      endResponse(
        new fetchAPI.Response(JSON.stringify({ message: CROSS_SITE_WRITE_MESSAGE }), {
          status: 403,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        }),
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
  return couldComeFromAnotherSite({ method: request.method, contentType: headers.get('content-type'), preflighted: false });
}
