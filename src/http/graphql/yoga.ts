// The Yoga server: HTTP queries and mutations, SSE subscriptions, GraphiQL outside production, explicit CORS.
import { createGraphQLError, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { JSON_TOO_DEEP_MESSAGE, jsonValueTooDeep } from '../../domain/validation.js';
import { createFetch } from '@whatwg-node/fetch';
import { MAX_PHOTO_BYTES } from '../../inspections/photo-limits.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { UseCases } from '../../services.js';
import { readApiCredentials } from '../../auth/authenticator.js';
import { authenticateRequest, captureSessionOf } from '../request-authentication.js';
import { createContext, createAuthenticatedContext, type GraphQLContext, type Principal } from './context.js';
import { createErrorMasker, logYogaError } from './errors.js';
import { graphqlLimitsPlugin } from './limits.js';
import { createSelfContainedGraphiQL, graphiqlOptionsBySignIn } from './graphiql-page.js';
import { schema } from './schema.js';
import { csrfPlugin } from './csrf.js';
import { graphqlCompressionPlugin } from './compression.js';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from '../cors.js';
import { readSignInCookie } from '../sign-in-cookie.js';

export const GRAPHQL_PATH = '/graphql';

export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /** Set for WebSocket operations, whose credentials were checked when the socket connected. */
  principal?: Principal;
}

export type Yoga = YogaServerInstance<ServerContext, GraphQLContext>;

export function createYogaServer(config: Config, services: UseCases, logger: Logger): Yoga {
  const graphiqlPage = createSelfContainedGraphiQL();
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    // GraphiQL's header editor reaches the server as real headers only over SSE (graphql-ws reads credentials from
    // connectionParams at connect time), so its subscriptions use SSE. A signed-in browser's page runs with its cookie.
    graphiql: config.isProduction ? false : graphiqlOptionsBySignIn(services.signIns, { title: 'capture-gateway GraphQL', subscriptionsProtocol: 'SSE' }),
    // Served with every asset inlined: Yoga's default page loads GraphiQL from unpkg.com.
    renderGraphiQL: graphiqlPage.render,
    landingPage: false,
    multipart: true,
    // Uploads are limited while they are read, not after: one photo of at most 15 MB per request.
    fetchAPI: createFetch({ formDataLimits: { fileSize: MAX_PHOTO_BYTES, files: 1, fieldSize: 1024 * 1024, fields: 16, parts: 20 } }),
    cors:
      config.corsOrigins.length > 0
        ? {
            origin: config.corsOrigins,
            credentials: false,
            allowedHeaders: [...CORS_ALLOWED_HEADERS],
            exposedHeaders: [...CORS_EXPOSED_HEADERS],
          }
        : () => false,
    maskedErrors: { maskError: createErrorMasker(logger, { isProduction: config.isProduction }) },
    plugins: [csrfPlugin(), jsonDepthPlugin, graphqlLimitsPlugin({ hideFieldSuggestions: config.isProduction }), graphiqlPage.plugin, graphqlCompressionPlugin],
    logging: {
      debug: (...args) => logger.debug({ args }, 'yoga'),
      info: (...args) => logger.info({ args }, 'yoga'),
      warn: (...args) => logger.warn({ args }, 'yoga'),
      error: (...args) => logYogaError(logger, args),
    },
    context: ({ request, req, principal }) => {
      if (principal) return createAuthenticatedContext(services, principal);
      return createContext(
        services,
        {
          ...readApiCredentials((name) => request.headers.get(name)),
          captureToken: request.headers.get('capture-token') ?? undefined,
          signInToken: readSignInCookie(request.headers.get('cookie')),
        },
        // Over HTTP the same credentials were already checked for the rate limit: reuse those checks.
        req ? { authenticate: () => authenticateRequest(services, req), findCaptureSession: () => captureSessionOf(services, req) } : {},
      );
    },
  });
}

/**
 * Variables and extensions nested deeper than the JSON limit are refused (400) before anything recursive reads
 * them. JSON POST bodies were already checked on their text; this covers GET query strings and multipart uploads.
 */
const jsonDepthPlugin: Plugin = {
  onParams({ params }) {
    if (jsonValueTooDeep(params.variables) || jsonValueTooDeep(params.extensions)) {
      throw createGraphQLError(JSON_TOO_DEEP_MESSAGE, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
    }
  },
};
