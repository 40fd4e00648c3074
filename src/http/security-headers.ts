// Headers every response carries (docs/limits.md), set in one place before any route answers: no content sniffing,
// no framing (a page's own Content-Security-Policy replaces the default one and must keep `frame-ancestors 'none'`),
// and, when the service is published over https, Strict-Transport-Security so browsers never fall back to http.
import type { ServerResponse } from 'node:http';

/** The directive every page's Content-Security-Policy carries: no other site may frame it (clickjacking). */
export const NO_FRAMING = "frame-ancestors 'none'";

/** A response that sets no policy of its own (JSON, files) loads nothing and may not be framed. */
const DEFAULT_CONTENT_SECURITY_POLICY = `default-src 'none'; ${NO_FRAMING}`;

const ONE_YEAR_SECONDS = 31_536_000;

export function securityHeaders(publicUrl: string | null): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': DEFAULT_CONTENT_SECURITY_POLICY,
    ...(publicUrl?.startsWith('https:') ? { 'strict-transport-security': `max-age=${ONE_YEAR_SECONDS}` } : {}),
  };
}

/** Sets the headers as defaults: a route that writes its own Content-Security-Policy replaces the default one. */
export function applySecurityHeaders(response: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}
