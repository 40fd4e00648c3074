// graphql-ws on the same path and port as Yoga. Every socket operation goes through yoga.getEnveloped, so the
// same plugins, validation and error masking apply as over HTTP. Credentials come from connectionParams: checked
// when the socket connects (refused: closed with 4403) and again periodically (revoked: closed with 4403). Every
// operation spends the same rate-limit budget as an HTTP request; sockets and subscriptions are capped
// (socket-supervisor.ts, socket-close-codes.ts). A browser that signed in sends its cg_session cookie with the upgrade
// request instead; that socket must come from the service's own origin or an allowed CORS origin (a foreign page's
// socket would carry the cookie too).
import type { Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { getOperationAST, GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { UseCases } from '../../services.js';
import type { Logger } from '../../logger.js';
import type { Metrics } from '../../observability/metrics.js';
import type { WebSocketLimits } from '../../config.js';
import { AppError } from '../../errors.js';
import { readApiCredentials } from '../../auth/authenticator.js';
import { guestRateLimitKey, rateLimitKey, type RateLimiter } from '../rate-limit.js';
import { resolvePrincipal, type Principal } from './context.js';
import type { IncomingMessage } from 'node:http';
import { requestSignInCookie } from '../sign-in-cookie.js';
import { GRAPHQL_PATH, type Yoga } from './yoga.js';
import { SocketSupervisor, type SupervisedSocket } from './socket-supervisor.js';
import type { ConnectionCaps } from './connection-caps.js';
import { socketCredentials } from './socket-credentials.js';
import { SharedSubscriptions, sharingKey } from './shared-subscriptions.js';
import { closeReasons, SocketCloseCode } from './socket-close-codes.js';

type SocketExtra = {
  socket: WebSocket;
  principal?: Principal;
  supervised?: SupervisedSocket;
  /** Whether this socket was counted as open (it passed onConnect). */
  counted?: boolean;
  /** Ids of the subscriptions running on this socket, for the open-subscriptions gauge. */
  subscriptions?: Set<string>;
};

type EnvelopedExecutionArgs = ExecutionArgs & {
  rootValue: {
    execute: (args: ExecutionArgs) => unknown;
    subscribe: (args: ExecutionArgs) => Promise<AsyncIterable<ExecutionResult> | ExecutionResult>;
    /** Subscribers asking the same live question with the same rights share one execution (shared-subscriptions.ts). */
    sharingKey: string | null;
  };
};

export interface GraphQLWebSocketServer {
  /** Closes every socket with 1001 (going away, reconnectable) and stops accepting new ones. */
  dispose(): Promise<void>;
}

export interface WebSocketOptions {
  limits: WebSocketLimits;
  /** The budgets HTTP requests spend: an account's, and a capture token's session's. */
  rateLimiters: { account: RateLimiter; guest: RateLimiter };
  /** The caps sockets share with SSE streams (connection-caps.ts). */
  caps: ConnectionCaps;
  /** CORS_ORIGINS: besides the service's own origin, the pages allowed to open a socket with the sign-in cookie. */
  corsOrigins: string[];
  now?: () => number;
}

export function attachGraphQLWebSocket(
  server: Server,
  yoga: Yoga,
  services: UseCases,
  logger: Logger,
  metrics: Pick<Metrics, 'openSockets' | 'openSubscriptions' | 'sharedSubscribers'>,
  options: WebSocketOptions,
): GraphQLWebSocketServer {
  const { limits, rateLimiters, caps, now } = options;
  const wsServer = new WebSocketServer({ server, path: GRAPHQL_PATH, maxPayload: 1024 * 1024 });
  const supervisor = new SocketSupervisor({ limits, caps, services, logger, now });
  supervisor.start();
  const shared = new SharedSubscriptions((sharing) => metrics.sharedSubscribers.set(sharing));

  /** One point of the budget an HTTP request with the same credentials would spend; an error when none is left. */
  const spendBudget = async (principal: Principal): Promise<GraphQLError | null> => {
    try {
      if (principal.kind !== 'capture') await rateLimiters.account.consume(rateLimitKey(principal.account.apiKey, undefined));
      else await rateLimiters.guest.consume(guestRateLimitKey(principal.sessionKey));
      return null;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      const retryAfter = Number(error.headers['retry-after'] ?? 1);
      return new GraphQLError(`Too many requests. Retry after ${retryAfter} s.`, { extensions: { code: 'RATE_LIMITED', retryAfter } });
    }
  };

  const serverCleanup = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      execute: (args) => (args as EnvelopedExecutionArgs).rootValue.execute(args) as never,
      subscribe: (args) => {
        const { subscribe, sharingKey: key } = (args as EnvelopedExecutionArgs).rootValue;
        return shared.subscribe(key, () => subscribe(args)) as never;
      },
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const read = (name: string) => findParam(params, name);
        const request = (ctx.extra as { request?: IncomingMessage }).request;
        const credentials = { ...readApiCredentials(read), captureToken: read('capture-token') };
        const signInToken = request && !credentials.apiKey && !credentials.captureToken ? requestSignInCookie(request) : undefined;
        if (signInToken && !isAllowedOrigin(request?.headers.origin, services.urls.base, options.corsOrigins)) {
          // Closed with the reason a person can act on; graphql-ws's own 4403 after it is moot.
          ctx.extra.socket.close(SocketCloseCode.Forbidden, closeReasons.foreignOrigin(new URL(services.urls.base).origin));
          return false;
        }
        let principal: Principal;
        try {
          principal = await resolvePrincipal(services, { ...credentials, signInToken });
        } catch {
          return false;
        }
        const { socket } = ctx.extra;
        const supervised: SupervisedSocket = {
          credentials: socketCredentials(principal, { ...credentials, signInToken }),
          busy: () => Object.keys(ctx.subscriptions).length > 0,
          isOpen: () => socket.readyState === WebSocket.OPEN,
          close: (code, reason) => socket.close(code, reason),
        };
        // Refused over the cap: the supervisor has closed the socket with its own code, so graphql-ws's 4403 is moot.
        if (!(await supervisor.admit(supervised, principal))) return false;
        ctx.extra.principal = principal;
        ctx.extra.supervised = supervised;
        metrics.openSockets.inc();
        ctx.extra.counted = true;
        return true;
      },
      onSubscribe: async (ctx, id, payload) => {
        if (ctx.extra.supervised) supervisor.touch(ctx.extra.supervised);
        if (ctx.extra.principal) {
          const limited = await spendBudget(ctx.extra.principal);
          if (limited) return [limited];
        }
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
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation === 'subscription') {
          const subscriptions = (ctx.extra.subscriptions ??= new Set());
          // An id graphql-ws no longer runs (its subscribe failed before it started) no longer counts.
          for (const running of subscriptions) if (!(running in ctx.subscriptions)) forgetSubscription(ctx.extra, running);
          if (subscriptions.size >= limits.maxSubscriptionsPerSocket) {
            return [
              new GraphQLError(`Too many subscriptions on this socket: at most ${limits.maxSubscriptionsPerSocket}. Complete one before starting another.`, {
                extensions: { code: 'LIMIT_REACHED' },
              }),
            ];
          }
          subscriptions.add(id);
          metrics.openSubscriptions.inc();
        }
        return {
          schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe, sharingKey: sharingKey(ctx.extra.principal, document, operation, payload.query, payload.variables) },
        } as EnvelopedExecutionArgs;
      },
      onClose: async (ctx) => {
        if (ctx.extra.counted) metrics.openSockets.dec();
        metrics.openSubscriptions.dec(ctx.extra.subscriptions?.size ?? 0);
        ctx.extra.subscriptions?.clear();
        if (ctx.extra.supervised) await supervisor.release(ctx.extra.supervised);
      },
      onComplete: (ctx, id) => {
        forgetSubscription(ctx.extra, id);
        if (ctx.extra.supervised) supervisor.touch(ctx.extra.supervised);
      },
      onError: (_ctx, _id, _payload, errors) => {
        logger.debug({ errors: errors.map((error) => error.message) }, 'graphql-ws operation error');
      },
    },
    wsServer,
  );
  function forgetSubscription(extra: SocketExtra, id: string): void {
    if (extra.subscriptions?.delete(id)) metrics.openSubscriptions.dec();
  }

  return {
    async dispose() {
      supervisor.stop();
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
