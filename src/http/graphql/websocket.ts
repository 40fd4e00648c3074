// graphql-ws on the same path and port as Yoga. Every socket operation goes through yoga.getEnveloped, so the
// same plugins, validation and error masking apply as over HTTP. Credentials come from connectionParams and are
// checked once, when the socket connects; a socket without valid credentials is closed with 4403. A browser that
// signed in sends its cg_session cookie with the upgrade request instead; that socket must come from the
// service's own origin or an allowed CORS origin (a foreign page's socket would carry the cookie too).
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { Services } from '../../services.js';
import type { Logger } from '../../logger.js';
import type { Metrics } from '../../observability/metrics.js';
import { readApiCredentials } from '../../auth/authenticator.js';
import { resolvePrincipal, type Principal } from './context.js';
import type { IncomingMessage } from 'node:http';
import { requestSignInCookie } from '../sign-in-cookie.js';
import { GRAPHQL_PATH, type Yoga } from './yoga.js';

type SocketExtra = {
  principal?: Principal;
  /** Whether this socket was counted as open (it passed onConnect). */
  counted?: boolean;
  /** Ids of the subscriptions running on this socket, for the open-subscriptions gauge. */
  subscriptions?: Set<string>;
};

type EnvelopedExecutionArgs = ExecutionArgs & {
  rootValue: { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };
};

export interface GraphQLWebSocketServer {
  /** Closes every socket with 1001 (going away, reconnectable) and stops accepting new ones. */
  dispose(): Promise<void>;
}

export function attachGraphQLWebSocket(
  server: Server,
  yoga: Yoga,
  services: Services,
  logger: Logger,
  metrics: Pick<Metrics, 'openSockets' | 'openSubscriptions'>,
  /** CORS_ORIGINS: besides the service's own origin, the pages allowed to open a socket with the cookie. */
  corsOrigins: string[] = [],
): GraphQLWebSocketServer {
  const wsServer = new WebSocketServer({ server, path: GRAPHQL_PATH, maxPayload: 1024 * 1024 });
  const serverCleanup = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      execute: (args) => (args as EnvelopedExecutionArgs).rootValue.execute(args) as never,
      subscribe: (args) => (args as EnvelopedExecutionArgs).rootValue.subscribe(args) as never,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const read = (name: string) => findParam(params, name);
        const request = (ctx.extra as { request?: IncomingMessage }).request;
        const credentials = { ...readApiCredentials(read), captureToken: read('capture-token') };
        const signInToken = request && !credentials.apiKey && !credentials.captureToken ? requestSignInCookie(request) : undefined;
        if (signInToken && !isAllowedOrigin(request?.headers.origin, services.urls.base, corsOrigins)) return false;
        try {
          ctx.extra.principal = await resolvePrincipal(services, { ...credentials, signInToken });
          metrics.openSockets.inc();
          ctx.extra.counted = true;
          return true;
        } catch {
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          principal: ctx.extra.principal,
          req: (ctx.extra as { request?: unknown }).request,
          socket: (ctx.extra as { socket?: unknown }).socket,
          params: payload,
        });
        let document;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [toGraphQLError(error)];
        }
        // Validation rules may throw (e.g. limits); a throw here would close the socket, so return it as an error.
        try {
          const errors = validate(schema, document);
          if (errors.length > 0) return errors;
        } catch (error) {
          return [toGraphQLError(error)];
        }
        return {
          schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        } as EnvelopedExecutionArgs;
      },
      onClose: (ctx) => {
        if (ctx.extra.counted) metrics.openSockets.dec();
        metrics.openSubscriptions.dec(ctx.extra.subscriptions?.size ?? 0);
        ctx.extra.subscriptions?.clear();
      },
      onOperation: (ctx, id, payload) => {
        if (!/^\s*subscription\b/.test(payload.query)) return;
        (ctx.extra.subscriptions ??= new Set()).add(id);
        metrics.openSubscriptions.inc();
      },
      onComplete: (ctx, id) => {
        if (ctx.extra.subscriptions?.delete(id)) metrics.openSubscriptions.dec();
      },
      onError: (_ctx, _id, _payload, errors) => {
        logger.debug({ errors: errors.map((error) => error.message) }, 'graphql-ws operation error');
      },
    },
    wsServer,
  );
  return {
    async dispose() {
      for (const client of wsServer.clients) client.close(1001, 'Server shutting down');
      await serverCleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}

function isAllowedOrigin(origin: string | undefined, baseUrl: string, corsOrigins: string[]): boolean {
  if (!origin) return false;
  return origin === new URL(baseUrl).origin || corsOrigins.includes(origin);
}

/** connectionParams keys are matched case-insensitively, like the HTTP headers they mirror. */
function findParam(params: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(params)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return undefined;
}

function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError(error instanceof Error ? error.message : 'Invalid operation.');
}
