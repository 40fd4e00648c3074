// The one list of request headers a browser on an allowed origin may send, and of response headers it may read, for
// REST (request-handler.ts) and GraphQL (yoga.ts) alike.
import { PREFLIGHT_HEADER } from './cross-site-requests.js';

/** The API credentials, a capture token, a bearer token, the header that forces a preflight, idempotency and request ids. */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'content-type',
  'api-key',
  'api-token',
  'api-timestamp',
  'capture-token',
  'authorization',
  PREFLIGHT_HEADER,
  'idempotency-key',
  'x-request-id',
];

/** The request id to quote, the replay mark and the rate-limit answer. */
export const CORS_EXPOSED_HEADERS: readonly string[] = ['x-request-id', 'idempotent-replayed', 'retry-after'];
