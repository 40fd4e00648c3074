// The HTTP side of idempotent writes (docs/rest-guide.md): a signed write under /v1 that carries an `Idempotency-Key`
// is run at most once; a retry gets the first answer again, marked `Idempotent-Replayed: true`. The rules (what a
// repeat gets, how long answers are kept) live in the idempotency use case; this module reads the request whole
// (its bytes are part of what a retry must repeat) and keeps the answer before the client sees it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';
import type { UseCases } from '../services.js';
import { requestFingerprint } from '../idempotency/idempotent-requests.js';
import type { StoredAnswer } from '../domain/idempotency.js';
import { authenticateRequest, headerValue } from './request-authentication.js';
import { DISCARDED_BODY_LIMIT_BYTES, keepReadBody, readBodyBytes } from './rest/http-io.js';
import { sendError } from './rest/errors.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Runs `handle` once for the request's idempotency key, or answers with what the first request with that key got.
 * The body is read first (up to the largest any route accepts; each route still applies its own limit to it).
 */
export async function runIdempotently(
  deps: { services: UseCases; logger: Logger },
  request: IncomingMessage,
  response: ServerResponse,
  pathAndQuery: string,
  handle: () => Promise<void>,
): Promise<void> {
  const key = headerValue(request, IDEMPOTENCY_KEY_HEADER) ?? '';
  const { credentials } = await authenticateRequest(deps.services, request);
  const body = await readBodyBytes(request, DISCARDED_BODY_LIMIT_BYTES);
  keepReadBody(request, body);
  const start = await deps.services.idempotency.begin(credentials.apiKey, key, requestFingerprint(request.method ?? 'POST', pathAndQuery, body));
  if (start.kind === 'replay') {
    sendStoredAnswer(response, start.answer);
    return;
  }
  const answered = keepAnswerBeforeSending(response, start.finish, deps.logger);
  try {
    await handle();
  } catch (error) {
    sendError(response, error, deps.logger, { method: request.method, path: pathAndQuery });
  }
  if (!(await answered())) await start.abandon();
}

function sendStoredAnswer(response: ServerResponse, answer: StoredAnswer): void {
  response.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(answer.body),
    'cache-control': 'no-store',
    [REPLAYED_HEADER]: 'true',
  });
  response.end(answer.body);
}

/**
 * Holds the response's last write until its answer is kept, so a client that has seen an answer can rely on a retry
 * replaying it. Answers written in pieces (none of the /v1 writes) are not kept: the claim is given up instead.
 * The returned function resolves, once the handler is done, to whether an answer was kept.
 */
function keepAnswerBeforeSending(response: ServerResponse, keep: (answer: StoredAnswer) => Promise<void>, logger: Logger): () => Promise<boolean> {
  let streamed = false;
  let kept: Promise<boolean> | null = null;
  const originalWrite = response.write.bind(response) as (...args: unknown[]) => boolean;
  const originalEnd = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((...args: unknown[]) => {
    streamed = true;
    return originalWrite(...args);
  }) as ServerResponse['write'];
  response.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (kept !== null || streamed || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) {
      kept ??= Promise.resolve(false);
      return originalEnd(...args);
    }
    const answer: StoredAnswer = {
      status: response.statusCode,
      body: typeof chunk === 'string' ? chunk : chunk.toString('utf8'),
      contentType: String(response.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    };
    kept = keep(answer).then(
      () => true,
      (error: unknown) => {
        // The request did its work; its answer still goes out, though a retry will not find it.
        logger.error({ err: error }, 'could not keep the answer of an idempotent request');
        return false;
      },
    );
    void kept.then(() => originalEnd(...args));
    return response;
  }) as ServerResponse['end'];
  return async () => {
    if (kept === null) return false;
    const wasKept = await kept;
    return wasKept;
  };
}
