// Typed failures thrown by use cases. Each face (REST, GraphQL) maps the code to its own status or error code in
// one place, so a rule's failure reads the same everywhere.
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** The request is well formed but names something it does not match (an idempotency key used for another request). */
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  /** A per-session limit (docs/limits.md) is full; nothing was stored. */
  | 'LIMIT_REACHED';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Extra fields a REST body carries besides `message` (e.g. `api_key`, `error`). */
    readonly details: Record<string, unknown> = {},
    /** Response headers that belong with the failure (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string, details?: Record<string, unknown>) => new AppError('NOT_FOUND', message, details);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const limitReached = (message: string, details?: Record<string, unknown>) => new AppError('LIMIT_REACHED', message, details);
