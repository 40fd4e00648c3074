// Routes each HTTP request: /graphql to Yoga, /health and /ready, everything else to the REST router. Rate limits
// and CORS for the REST side are applied here, in one place.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import { metricsAccess } from '../observability/metrics-access.js';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from './cors.js';
import type { UseCases } from '../services.js';
import { badRequest } from '../errors.js';
import { guestRateLimitKey, rateLimitKey, type RateLimiter } from './rate-limit.js';
import { ClientDisconnectedError, readBodyBytes, sendJson } from './rest/http-io.js';
import { JSON_TOO_DEEP_MESSAGE, jsonTextTooDeep } from '../domain/validation.js';
import { sendError } from './rest/errors.js';
import type { RouteContext, Router } from './rest/router.js';
import { GRAPHQL_PATH, type Yoga } from './graphql/yoga.js';
import type { ConnectionCaps } from './graphql/connection-caps.js';
import { admitEventStream, asksForEventStream } from './graphql/event-streams.js';
import { authenticateRequest, captureSessionOf, headerValue } from './request-authentication.js';
import { requestTarget, type RequestTarget } from './request-target.js';
import { REPORT_LINK_PREFIX } from '../inspections/public-urls.js';
import { applySecurityHeaders, securityHeaders } from './security-headers.js';
import { chooseRequestId, runInRequest } from '../observability/request-context.js';
import { IDEMPOTENCY_KEY_HEADER, runIdempotently } from './idempotent-writes.js';
import { IDEMPOTENT_METHODS } from '../domain/idempotency.js';

export interface RequestHandlerDeps {
  config: Config;
  logger: Logger;
  services: UseCases;
  /** The readiness probe's question: does the database answer? */
  isDatabaseReachable: () => Promise<boolean>;
  router: Router;
  yoga: Yoga;
  rateLimiter: RateLimiter;
  /** The smaller budget of a capture token's session. */
  guestRateLimiter: RateLimiter;
  /** The admin API's own budget per client address (docs/limits.md). */
  adminRateLimiter: RateLimiter;
  /** The caps SSE streams share with graphql-ws sockets. */
  connectionCaps: ConnectionCaps;
  metrics: Metrics;
}

/** The API, sign-in, and report links (guessed at like credentials) spend the client's rate-limit budget. */
const RATE_LIMITED_PREFIXES = ['/v1/', '/auth/', `${REPORT_LINK_PREFIX}/`];

export function createRequestHandler(deps: RequestHandlerDeps) {
  const { config, logger, router, yoga, rateLimiter, adminRateLimiter, isDatabaseReachable, metrics, services } = deps;
  const allowedOrigins = new Set(config.corsOrigins);
  const everyResponseHeaders = securityHeaders(config.publicUrl);

  /**
   * An API key's budget is spent only by requests whose credentials validate, so someone who merely knows a key
   * cannot use up its owner's budget; a valid capture token (without API headers, as GraphQL reads it) spends its
   * session's guest budget; anything else spends its client address's budget.
   */
  const spendRateLimit = async (request: IncomingMessage, response: ServerResponse) => {
    const apiKey = headerValue(request, 'api-key')
      ? await authenticateRequest(services, request).then(
          (auth) => auth.account.apiKey,
          () => null,
        )
      : null;
    const guestSession = headerValue(request, 'api-key') ? null : await captureSessionOf(services, request).catch(() => null);
    const verdict = guestSession
      ? await deps.guestRateLimiter.consume(guestRateLimitKey(guestSession.key))
      : await rateLimiter.consume(rateLimitKey(apiKey, request.socket.remoteAddress));
    for (const [name, value] of Object.entries(verdict.headers)) response.setHeader(name, value);
  };

  // Each (method, route, status) gets its metric children once: prom-client checks and hashes labels on every call.
  const requestMetrics = new Map<string, { requests: { inc(): void }; duration: { observe(seconds: number): void } }>();
  const metricsFor = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let children = requestMetrics.get(key);
    if (!children) {
      children = { requests: metrics.httpRequests.labels({ method, route, status: String(status) }), duration: metrics.httpDuration.labels({ method, route }) };
      requestMetrics.set(key, children);
    }
    return children;
  };

  /**
   * Every response names its request (`X-Request-Id`), and everything done for it runs inside the request's context,
   * so log lines and error bodies quote the same id (docs/rest-guide.md).
   */
  return function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = chooseRequestId(headerValue(request, 'x-request-id'));
    response.setHeader('x-request-id', requestId);
    return runInRequest(requestId, () => handleRequest(request, response));
  };

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    applySecurityHeaders(response, everyResponseHeaders);
    let route = 'unmatched';
    response.once('finish', () => {
      const { requests, duration } = metricsFor(request.method ?? 'GET', route, response.statusCode);
      requests.inc();
      duration.observe((performance.now() - started) / 1000);
    });
    const target = requestTarget(request.url ?? '/');
    if (!target) {
      sendJson(response, 400, { message: 'Malformed request URL.' });
      return;
    }
    try {
      if (target.pathname === '/health' || target.pathname === '/ready' || target.pathname === '/metrics') route = target.pathname;
      if (target.pathname === '/health') return sendJson(response, 200, { status: 'ok' });
      if (target.pathname === '/metrics') {
        const access = metricsAccess(request.headers.authorization, { token: config.metricsToken, isProduction: config.isProduction });
        if (access === 'hidden') return sendJson(response, 404, { message: `No route for ${target.pathname}.` });
        if (access === 'unauthorized')
          return sendJson(response, 401, { message: 'A valid metrics bearer token is required.' }, { 'www-authenticate': 'Bearer' });
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(await metrics.registry.metrics());
        return;
      }
      if (target.pathname === '/ready') {
        const ready = await isDatabaseReachable();
        return sendJson(response, ready ? 200 : 503, { status: ready ? 'ready' : 'database unreachable' });
      }
      if (target.pathname === GRAPHQL_PATH) {
        route = GRAPHQL_PATH;
        await spendRateLimit(request, response);
        await bufferGraphQLJsonBody(request);
        if (asksForEventStream(request)) await admitEventStream(services, deps.connectionCaps, request, response);
        await yoga(request, response);
        return;
      }
      applyCors(request, response, allowedOrigins);
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      if (isAdminPath(target.pathname)) await spendAdminRateLimit(adminRateLimiter, request, response);
      const match = router.match(request.method ?? 'GET', target.pathname);
      if (match.kind === 'not-found') return sendJson(response, 404, { message: `No route for ${target.pathname}.` });
      if (match.kind === 'method-not-allowed') {
        return sendJson(response, 405, { message: `Method ${request.method} is not allowed here.` }, { allow: match.allow.join(', ') });
      }
      route = match.pattern;
      if (RATE_LIMITED_PREFIXES.some((prefix) => target.pathname.startsWith(prefix))) await spendRateLimit(request, response);
      const handleRoute = async () => match.handler(new RoutedRequest(request, response, match.params, target));
      if (isIdempotentWrite(request, target.pathname)) {
        await runIdempotently({ services, logger }, request, response, request.url ?? target.pathname, handleRoute);
      } else {
        await handleRoute();
      }
    } catch (error) {
      if (error instanceof ClientDisconnectedError) {
        // A client closing its connection mid-request is no failure of ours, and there is no one left to answer.
        logger.info({ method: request.method, path: target.pathname }, 'client disconnected before its request was read');
        response.destroy();
        return;
      }
      sendError(response, error, logger, { method: request.method, path: target.pathname });
    }
  }
}

/**
 * GraphQL requests other than uploads carry JSON: read it here within the same 1 MB and nesting limits as the REST
 * routes (413 / 400 beyond), and hand it to Yoga as an already-read body (whatwg-node takes `request.body` when a
 * framework consumed the stream). Multipart uploads are limited by Yoga's form-data limits while they stream.
 */
async function bufferGraphQLJsonBody(request: IncomingMessage): Promise<void> {
  if (request.method !== 'POST' || /^multipart\//i.test(request.headers['content-type'] ?? '')) return;
  const bytes = new Uint8Array(await readBodyBytes(request));
  if (jsonTextTooDeep(bytes)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
  // whatwg-node answers `json()` with a parsed object as it is (no stream, no second parse). It would also label such a
  // request JSON, so only bodies declared JSON go that way (the CSRF rule reads the declared type); anything else — an
  // empty object, malformed JSON, a non-object, another content type — goes as the raw bytes, for Yoga to answer.
  const declaredJson = /\bjson\b/i.test(request.headers['content-type'] ?? '');
  const parsed = declaredJson ? parsedJsonObject(bytes) : null;
  (request as IncomingMessage & { body?: unknown }).body = parsed ?? {
    size: bytes.length,
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
}

/** What a route handler is given; the URL is parsed only if the handler reads it. */
class RoutedRequest implements RouteContext {
  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly params: Record<string, string>,
    private readonly target: RequestTarget,
  ) {}

  get url(): URL {
    return this.target.url;
  }
}

/** A write under /v1 that names an idempotency key (docs/rest-guide.md). */
function isIdempotentWrite(request: IncomingMessage, pathname: string): boolean {
  return pathname.startsWith('/v1/') && IDEMPOTENT_METHODS.has(request.method ?? '') && headerValue(request, IDEMPOTENCY_KEY_HEADER) !== undefined;
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Every admin request spends its address's budget before the token is compared: counting only failures would let a
 * guesser tell a right token (200) from wrong ones (429) once the budget is gone.
 */
async function spendAdminRateLimit(limiter: RateLimiter, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const verdict = await limiter.consume(rateLimitKey(null, request.socket.remoteAddress));
  for (const [name, value] of Object.entries(verdict.headers)) response.setHeader(name, value);
}

function applyCors(request: IncomingMessage, response: ServerResponse, allowedOrigins: Set<string>): void {
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.has(origin)) return;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('vary', 'Origin');
  response.setHeader('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '));
  response.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  response.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
  response.setHeader('access-control-max-age', '600');
}

/** The body as a JSON object or batch with at least one key, else null. */
function parsedJsonObject(bytes: Uint8Array): object | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? value : null;
  } catch {
    return null;
  }
}
