// How every request leaves the client: signed per attempt, a write carries one Idempotency-Key for all its attempts
// (so a retry can never do the work twice), and an answer worth waiting for (429, 5xx, a 409 that says when to ask
// again, or no answer at all) is tried again after Retry-After or a growing, jittered delay.
import { randomUUID } from 'node:crypto';
import { apiHeaders, type ApiCredentials } from './signing.js';

export interface RetryPolicy {
  /** Attempts after the first; 0 turns retries off. */
  retries: number;
  /** The first delay without Retry-After; each later one doubles, with up to half again of jitter. */
  initialDelayMs: number;
  /** No wait is longer than this, whatever Retry-After says. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, initialDelayMs: 500, maxDelayMs: 30_000 };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SendingOptions {
  credentials: ApiCredentials;
  retry: RetryPolicy;
  fetch: (request: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
}

/** A fetch for openapi-fetch: signs, keys writes, retries. The request's body is read once and sent on every attempt. */
export function sendingFetch(options: SendingOptions): (request: Request) => Promise<Response> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (request) => {
    const headers = new Headers(request.headers);
    if (WRITE_METHODS.has(request.method) && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', randomUUID());
    const body = request.body === null ? null : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      for (const [name, value] of Object.entries(apiHeaders(options.credentials))) headers.set(name, value);
      const init: RequestInit = { method: request.method, headers, body, signal: request.signal };
      let response: Response;
      try {
        response = await options.fetch(new Request(request.url, init));
      } catch (error) {
        if (attempt >= options.retry.retries || request.signal.aborted) throw error;
        await sleep(backoffDelay(attempt, null, options.retry));
        continue;
      }
      if (attempt >= options.retry.retries || !isWorthRetrying(response)) return response;
      await response.body?.cancel();
      await sleep(backoffDelay(attempt, response.headers.get('Retry-After'), options.retry));
    }
  };
}

/** A rate limit, a server failure, or a conflict that names the time to ask again (an idempotent write still running). */
export function isWorthRetrying(response: Response): boolean {
  if (response.status === 429 || response.status >= 500) return true;
  return response.status === 409 && response.headers.has('Retry-After');
}

/** Retry-After (seconds or an HTTP date) when given, else initialDelay × 2^attempt plus jitter; never over maxDelay. */
export function backoffDelay(attempt: number, retryAfter: string | null, policy: RetryPolicy, now = Date.now(), random = Math.random): number {
  const asked = retryAfterMs(retryAfter, now);
  const delay = asked ?? policy.initialDelayMs * 2 ** attempt * (1 + random() / 2);
  return Math.min(Math.max(0, delay), policy.maxDelayMs);
}

function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - now;
}
