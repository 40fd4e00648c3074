// One webhook delivery attempt over HTTP (docs/webhooks.md): no retries, no redirects, bounded time and response size.
// Never throws for a failed attempt; every outcome is a value the outbox can store and schedule from.
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import got from 'got';
import type { Response } from 'got';
import { parseRetryAfter } from './retry-schedule.js';
import { isBlockedTargetError } from './target-guard.js';
import type { TargetAgents } from './target-guard.js';

/** The stored response body is cut here (docs/webhooks.md); reading stops there too, so a huge body costs nothing. */
export const RESPONSE_BODY_LIMIT_BYTES = 20 * 1024;

/** `response`: first byte after the request is sent (docs/webhooks.md: a 2xx within 15 s). `total`: the whole exchange. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = Object.freeze({ response: 15_000, total: 20_000 });

const MAX_ERROR_TEXT = 300;

export const DELIVERY_ERROR_KINDS = ['timeout', 'connection', 'blocked_target', 'redirect', 'http_status', 'invalid_url'] as const;
export type DeliveryErrorKind = (typeof DELIVERY_ERROR_KINDS)[number];

export interface WebhookRequest {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  /** The callback's headers. Names are case-insensitive; when two differ only in case, the later one wins. */
  headers: Record<string, string>;
  /** webhookHeaders() output; each wins over a callback header of the same name, whatever its case. */
  signingHeaders?: Record<string, string>;
  /** The exact signed body. */
  body: string;
  timeoutMs?: { response: number; total: number };
  /** From createTargetAgents: they enforce the private-target policy at connect time. */
  agents: TargetAgents;
  /** The delivery engine's clock: an HTTP-date Retry-After is read against it. */
  clock: () => Date;
}

export interface DeliveryAttemptOutcome {
  /** A 2xx arrived. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  errorKind: DeliveryErrorKind | null;
  /** Short human text, no stack. */
  error: string | null;
  /** At most RESPONSE_BODY_LIMIT_BYTES of UTF-8; null when no response arrived. */
  responseBody: string | null;
  retryAfterSeconds: number | null;
  /** 410 Gone: the caller disables the callback. */
  gone: boolean;
}

// Hop-by-hop and framing headers belong to the HTTP client; a callback header must not be able to corrupt framing.
const CLIENT_OWNED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);

const client = got.extend({
  retry: { limit: 0 },
  followRedirect: false,
  throwHttpErrors: false,
  decompress: true,
  cookieJar: undefined,
  cache: false,
  http2: false,
  enableUnixSockets: false,
});

export async function sendWebhook(request: WebhookRequest): Promise<DeliveryAttemptOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  const urlProblem = describeUnusableUrl(request.url);
  if (urlProblem) return failedAttempt('invalid_url', urlProblem, elapsed());

  const timeout = request.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  let response: Response | undefined;
  let read: CappedRead;
  try {
    const stream = client.stream(request.url, {
      method: request.method,
      headers: mergeHeaders(request.headers, request.signingHeaders ?? {}),
      body: request.body,
      agent: { http: request.agents.http, https: request.agents.https },
      timeout: { response: timeout.response, request: timeout.total },
    });
    stream.once('response', (received: Response) => {
      response = received;
    });
    read = await readCapped(stream, RESPONSE_BODY_LIMIT_BYTES);
  } catch (error) {
    // got validates some options synchronously (e.g. a URL it cannot use).
    read = { bytes: Buffer.alloc(0), truncated: false, error };
  }

  if (!response) {
    return failedAttempt(classifyRequestError(read.error), describeError(read.error), elapsed());
  }
  // Once a status line has arrived it decides the outcome; a body that then breaks off only shortens responseBody.
  return responseOutcome(response, decodeCapped(read), elapsed(), request.clock());
}

function responseOutcome(response: Response, responseBody: string, durationMs: number, now: Date): DeliveryAttemptOutcome {
  const { statusCode } = response;
  const ok = statusCode >= 200 && statusCode < 300;
  const isRedirect = statusCode >= 300 && statusCode < 400;
  let error: string | null = null;
  if (isRedirect) {
    const location = response.headers.location;
    error = truncate(`HTTP ${statusCode} redirect${location ? ` to ${location}` : ''} not followed (redirects count as failures).`);
  } else if (!ok) {
    error = truncate(`HTTP ${statusCode}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
  }
  return {
    ok,
    statusCode,
    durationMs,
    errorKind: ok ? null : isRedirect ? 'redirect' : 'http_status',
    error,
    responseBody,
    retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], now),
    gone: statusCode === 410,
  };
}

function failedAttempt(errorKind: DeliveryErrorKind, error: string, durationMs: number): DeliveryAttemptOutcome {
  return { ok: false, statusCode: null, durationMs, errorKind, error, responseBody: null, retryAfterSeconds: null, gone: false };
}

/** Callback headers first, then the signing headers over them; names lower-cased so the override is case-insensitive. */
function mergeHeaders(callbackHeaders: Record<string, string>, signingHeaders: Record<string, string>): Record<string, string> {
  return { ...normaliseHeaders(callbackHeaders), ...normaliseHeaders(signingHeaders) };
}

function normaliseHeaders(headers: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!CLIENT_OWNED_HEADERS.has(lower)) merged[lower] = value;
  }
  return merged;
}

function describeUnusableUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url is not an absolute URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `url scheme ${parsed.protocol} is not http or https.`;
  if (parsed.username !== '' || parsed.password !== '') return 'url must not contain credentials.';
  return null;
}

interface CappedRead {
  bytes: Buffer;
  truncated: boolean;
  error: unknown;
}

/** Reads at most `limit` bytes, then destroys the stream (leaving the loop does) so the rest is never downloaded. */
async function readCapped(stream: AsyncIterable<Buffer>, limit: number): Promise<CappedRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      if (size + chunk.length > limit) {
        chunks.push(chunk.subarray(0, limit - size));
        return { bytes: Buffer.concat(chunks), truncated: true, error: null };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    return { bytes: Buffer.concat(chunks), truncated: true, error };
  }
  return { bytes: Buffer.concat(chunks), truncated: false, error: null };
}

/** UTF-8 text of the captured bytes, never more than the byte limit and never ending in half a character. */
function decodeCapped({ bytes, truncated }: CappedRead): string {
  // A cut body may end mid-character: StringDecoder.write holds an incomplete tail back instead of emitting U+FFFD.
  let text = truncated ? new StringDecoder('utf8').write(bytes) : bytes.toString('utf8');
  // Invalid bytes decode to 3-byte U+FFFD, which can push a cut body past the limit; trim to keep the promise.
  if (Buffer.byteLength(text) > RESPONSE_BODY_LIMIT_BYTES) {
    text = new StringDecoder('utf8').write(Buffer.from(text).subarray(0, RESPONSE_BODY_LIMIT_BYTES));
  }
  return text;
}

function classifyRequestError(error: unknown): DeliveryErrorKind {
  if (isBlockedTargetError(error)) return 'blocked_target';
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (code === 'ETIMEDOUT' || name === 'TimeoutError') return 'timeout';
  if (code === 'ERR_INVALID_URL') return 'invalid_url';
  return 'connection';
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return truncate(error.message.split('\n', 1)[0] ?? error.message);
  return 'The request failed without a response.';
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}…` : text;
}
