// The one place where GraphQL maps failures to errors: our typed errors keep their message and gain a code,
// everything else is masked so no internals reach a client. It also decides how loudly each failure is logged.
import { GraphQLError } from 'graphql';
import type { Logger } from '../../logger.js';
import { AppError } from '../../errors.js';
import { currentRequestId } from '../../observability/request-context.js';

/** A GraphQL error quotes its request's id, as a REST error body does (docs/rest-guide.md). */
function requestIdExtension(): { request_id?: string } {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { request_id: requestId };
}

export function createErrorMasker(logger: Logger, options: { isProduction: boolean } = { isProduction: true }) {
  return (error: unknown): Error => {
    if (options.isProduction && error instanceof GraphQLError && !error.originalError && error.extensions.originalError) {
      // Yoga's request parser copies the JSON parser's message, which quotes the start of the body, into the error.
      // The extension itself stays (without the quote): Yoga answers 400 rather than 200 because it is there.
      const extensions = { ...error.extensions, originalError: { name: 'SyntaxError', message: 'The request body is not valid JSON.' } };
      return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
    }
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (original instanceof AppError) {
      const source = error instanceof GraphQLError ? error : undefined;
      return new GraphQLError(original.message, {
        nodes: source?.nodes,
        path: source?.path,
        extensions: { code: original.code, ...original.details, ...requestIdExtension() },
      });
    }
    if (error instanceof GraphQLError && !error.originalError) return error;
    if (error instanceof GraphQLError && error.originalError instanceof GraphQLError) return error.originalError;
    logger.error({ err: original }, 'unexpected failure in a GraphQL operation');
    return new GraphQLError('Internal server error.', {
      path: error instanceof GraphQLError ? error.path : undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR', ...requestIdExtension() },
    });
  };
}

/**
 * Yoga logs, at error level, every error whose masked form differs from the original: client mistakes (our typed
 * errors) included, and unexpected failures a second time. A client mistake is an info line without a stack; an
 * unexpected failure was already logged with its stack by the masker, so Yoga's copy goes to debug.
 */
export function logYogaError(logger: Logger, args: unknown[]): void {
  const [error] = args;
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) {
    logger.info({ code: original.code, message: original.message, path: error instanceof GraphQLError ? error.path : undefined }, 'graphql client error');
    return;
  }
  if (error instanceof GraphQLError && (!original || original instanceof GraphQLError)) {
    // Parsing, validation and input coercion: the request was wrong, not the server.
    logger.info({ message: error.message }, 'graphql client error');
    return;
  }
  logger.debug({ err: original }, 'graphql error (logged when masked)');
}
