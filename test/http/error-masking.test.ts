// Unexpected failures never reach a client: REST answers a bare 500 body, GraphQL a coded generic error.
import { Writable } from 'node:stream';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { sendError } from '../../src/http/rest/errors.js';
import { createErrorMasker } from '../../src/http/graphql/errors.js';
import { AppError } from '../../src/errors.js';

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

describe('REST error responses', () => {
  it('masks an unexpected error as 500 without internals, and logs it', async () => {
    const { logger, lines } = capturingLogger();
    const server = createServer((_request, response) => sendError(response, new Error('secret connection string mongodb://u:p@h'), logger));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('{"message":"Internal server error."}');
      expect(lines.join('')).toContain('unexpected failure');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('GraphQL error masking', () => {
  const { logger } = capturingLogger();
  const mask = createErrorMasker(logger);

  it('keeps our typed errors with their code and details', () => {
    const wrapped = new GraphQLError('x', { originalError: new AppError('NOT_FOUND', 'Session ABC cannot be found.', { reason: 'R' }) });
    const masked = mask(wrapped) as GraphQLError;
    expect(masked.message).toBe('Session ABC cannot be found.');
    expect(masked.extensions).toEqual({ code: 'NOT_FOUND', reason: 'R' });
  });

  it('masks anything else', () => {
    const masked = mask(new GraphQLError('boom', { originalError: new TypeError('cannot read properties of undefined (reading "x")') })) as GraphQLError;
    expect(masked.message).toBe('Internal server error.');
    expect(masked.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(masked)).not.toContain('undefined');
  });

  it('leaves validation errors of the request itself alone', () => {
    const validation = new GraphQLError('Cannot query field "nope" on type "Query".');
    expect(mask(validation)).toBe(validation);
  });
});

describe('log redaction', () => {
  it('never writes credentials', () => {
    const { logger, lines } = capturingLogger();
    logger.info({ req: { headers: { 'api-token': 'tok123', 'api-key': 'key123', authorization: 'Bearer adm123', 'capture-token': 'cap123' } } }, 'request');
    logger.info({ account: { api_secret: 'sec123' }, callback: { secret: 'whsec_abc' } }, 'objects');
    const output = lines.join('');
    for (const secret of ['tok123', 'key123', 'adm123', 'cap123', 'sec123', 'whsec_abc']) expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });
});
