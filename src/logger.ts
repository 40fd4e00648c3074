// Structured JSON logs. Credentials never reach them: the auth headers and secrets are redacted by path.
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './observability/request-context.js';

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'capture-gateway' },
    // Every line written while a request is handled names it, whichever module writes it (docs/rest-guide.md).
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { request_id: requestId };
    },
    redact: {
      paths: [
        'req.headers["api-token"]',
        'req.headers["api-key"]',
        'req.headers.authorization',
        'req.headers["capture-token"]',
        '*.api_secret',
        '*.secret',
        '*.api_token',
        '*.captureToken',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
