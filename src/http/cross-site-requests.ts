// The one rule for writes a signed-in browser's cookie authorizes (docs/staff.md): a browser sends cg_session with any
// request to us, even one a foreign page made, but such a page cannot send content-type application/json or a custom
// header without a CORS preflight, which we do not grant. So a cookie write must be a POST declared JSON, or carry the
// preflight header. GraphQL (csrf.ts), the sign-in routes and the REST writes a cookie may make ask this rule.
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';

export const PREFLIGHT_HEADER = 'graphql-require-preflight';

export const CROSS_SITE_WRITE_MESSAGE =
  'A request signed in with the cookie must be a POST with content-type application/json, or carry the graphql-require-preflight header.';

export interface CookieWrite {
  method: string;
  contentType: string | null | undefined;
  /** Whether the request carries PREFLIGHT_HEADER. */
  preflighted: boolean;
}

/** True when a foreign page could have made the request with the visitor's cookie (a form post, a simple fetch). */
export function couldComeFromAnotherSite({ method, contentType, preflighted }: CookieWrite): boolean {
  if (preflighted) return false;
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return !(method === 'POST' && mediaType === 'application/json');
}

/** Refuses (403) a cookie write a foreign page could have made: a form post ending a sign-in, a logo put in its place. */
export function refuseCrossSiteWrite(request: IncomingMessage): void {
  const write = { method: request.method ?? 'GET', contentType: request.headers['content-type'], preflighted: PREFLIGHT_HEADER in request.headers };
  if (couldComeFromAnotherSite(write)) throw new AppError('FORBIDDEN', CROSS_SITE_WRITE_MESSAGE);
}
