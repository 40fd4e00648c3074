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
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 400,
};

export function sendError(response: ServerResponse, error: unknown, logger: Logger): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (error instanceof AppError) {
    sendJson(response, STATUS_BY_CODE[error.code], { message: error.message, ...error.details }, error.headers);
    return;
  }
  logger.error({ err: error }, 'unexpected failure while handling a request');
  sendJson(response, 500, { message: 'Internal server error.' });
}
