// The one place where REST maps failures to status codes and JSON bodies; nothing internal reaches a client.
import type { ServerResponse } from 'node:http';
import type { Logger } from '../../logger.js';
import { AppError, type AppErrorCode } from '../../errors.js';
import { sendJson } from './http-io.js';

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  // A per-session cap (docs/limits.md): the request is understood but would exceed what a session may hold.
  LIMIT_REACHED: 400,
};

/** Answers a failure; only an unexpected one is logged (once, with its stack and `context`): a client's mistake is no news. */
export function sendError(response: ServerResponse, error: unknown, logger: Logger, context: Record<string, unknown> = {}): void {
  if (response.headersSent) {
    if (!(error instanceof AppError)) logger.error({ err: error, ...context }, 'request failed after its response started');
    response.destroy();
    return;
  }
  if (error instanceof AppError) {
    sendJson(response, STATUS_BY_CODE[error.code], { message: error.message, ...error.details }, error.headers);
    return;
  }
  logger.error({ err: error, ...context }, 'unexpected failure while handling a request');
  sendJson(response, 500, { message: 'Internal server error.' });
}
