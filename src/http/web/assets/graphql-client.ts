// The small GraphQL client both pages share, with no dependency: queries over HTTP, the GraphQL multipart request
// with upload progress, and the part of the graphql-transport-ws protocol the pages need (connection_init/ack,
// subscribe, next, error, complete, ping/pong), reconnecting and resuming subscriptions after a drop.

export type Variables = Record<string, unknown>;

/**
 * An operation's text, tagged for the checker with the types of the `data` it answers and of the variables it takes
 * (generated from schema.graphql by `npm run pages:types`); at run time, a string.
 */
export type Operation<Data, OperationVariables extends Variables = Variables> = string & {
  readonly __data?: Data;
  readonly __variables?: OperationVariables;
};

export interface GraphQLError {
  message: string;
  extensions?: { code?: string; reason?: string; error?: string; [key: string]: unknown };
}

/** What a subscription does with what the socket brings it. */
export interface SubscriptionHandlers<Data> {
  next(data: Data | null): void;
  error?(errors: GraphQLError[]): void;
  complete?(): void;
}

export type LiveState = 'connecting' | 'open' | 'retrying' | 'refused' | 'closed';

/** A graphql-transport-ws message, as far as the client reads it. */
interface SocketMessage {
  id?: string;
  type: string;
  payload?: unknown;
}

/** The payload of a `next` message. */
interface ExecutionResult {
  data?: unknown;
  errors?: GraphQLError[];
}

export const GRAPHQL_PATH = '/graphql';

/** A GraphQL answer with errors; `code` and `reason` come from the first error's extensions. */
export class GraphQLRequestError extends Error {
  // Fields are declared and set in the constructor, not defined in the class body: the capture page's script is
  // smaller so (its budget: docs/capture.md, Budget).
  declare readonly errors: GraphQLError[];
  declare readonly code: string | null;
  declare readonly reason: string | null;
  declare readonly label: string | null;

  constructor(errors: GraphQLError[]) {
    super(errors[0]?.message ?? 'The request failed.');
    this.name = 'GraphQLRequestError';
    this.errors = errors;
    this.code = errors[0]?.extensions?.code ?? null;
    this.reason = errors[0]?.extensions?.reason ?? null;
    this.label = errors[0]?.extensions?.error ?? null;
  }
}

/** The server could not be reached, or answered with something that is not GraphQL. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The `data` of a GraphQL answer read as text; throws GraphQLRequestError or NetworkError as graphqlRequest does. */
export function readGraphQLBody(status: number, text: string): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: the body is whatever the server sent; each field is checked as it is read.
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    throw new NetworkError(`Unexpected answer from the server (HTTP ${status}).`);
  }
  if (Array.isArray(body?.errors) && body.errors.length > 0) throw new GraphQLRequestError(body.errors);
  if (!body || typeof body.data !== 'object' || body.data === null) {
    throw new NetworkError(typeof body?.message === 'string' ? body.message : `Unexpected answer from the server (HTTP ${status}).`);
  }
  return body.data;
}

/** POSTs one operation; resolves to `data`, rejects with GraphQLRequestError or NetworkError. */
export async function graphqlRequest<Data, OperationVariables extends Variables>(
  query: Operation<Data, OperationVariables>,
  variables: OperationVariables = {} as OperationVariables,
  headers: Record<string, string> = {},
): Promise<Data> {
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new NetworkError('The server could not be reached. Check your connection and try again.');
  }
  return readGraphQLBody(response.status, await response.text()) as Data;
}

interface UploadRequest<Data, OperationVariables extends Variables> {
  query: Operation<Data, OperationVariables>;
  /** The operation's variables but the file's. */
  variables: Omit<OperationVariables, 'file'>;
  fileVariable: string;
  file: File;
  headers?: Record<string, string>;
  onProgress?: (fraction: number) => void;
  onSent?: () => void;
}

/**
 * Sends one file with the GraphQL multipart request specification (operations, map, file part) through
 * XMLHttpRequest, whose upload events give progress. `onProgress(fraction)` runs as bytes leave; `onSent()` once
 * the whole body is sent. Returns { done: Promise<data>, abort() }.
 */
export function graphqlUpload<Data, OperationVariables extends Variables>({
  query,
  variables,
  fileVariable,
  file,
  headers = {},
  onProgress = () => {},
  onSent = () => {},
}: UploadRequest<Data, OperationVariables>): { done: Promise<Data>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Data>((resolve, reject) => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { ...variables, [fileVariable]: null } }));
    form.append('map', JSON.stringify({ 0: [`variables.${fileVariable}`] }));
    form.append('0', file, file.name || 'photo.jpg');
    xhr.open('POST', GRAPHQL_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.upload.addEventListener('load', () => onSent());
    xhr.addEventListener('load', () => {
      try {
        resolve(readGraphQLBody(xhr.status, xhr.responseText) as Data);
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(new NetworkError('The upload was interrupted. Check your connection and try again.')));
    xhr.addEventListener('abort', () => reject(new NetworkError('The upload was cancelled.')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Close codes after which reconnecting cannot help (graphql-ws: bad request, unauthorised, forbidden). */
const FATAL_CLOSE_CODES = new Set([4400, 4401, 4403]);

interface LiveOptions {
  connectionParams?: () => Promise<Record<string, unknown>>;
  onState?: (state: LiveState, detail?: string | number) => void;
  url?: string;
}

interface Subscription {
  query: string;
  variables: () => Variables;
  handlers: SubscriptionHandlers<unknown>;
}

/**
 * One graphql-transport-ws socket carrying any number of subscriptions. `connectionParams()` is called at every
 * (re)connection — the dashboard signs a fresh token there. Each subscription's `variables()` is called at every
 * (re)subscription, so it can resume `after` the last event it saw. `onState(state, detail)` reports
 * 'connecting' | 'open' | 'retrying' | 'refused' | 'closed'.
 */
export class LiveConnection {
  // Declared and set in the constructor, like GraphQLRequestError's.
  declare readonly url: string;
  declare readonly connectionParams: () => Promise<Record<string, unknown>>;
  declare readonly onState: (state: LiveState, detail?: string | number) => void;
  declare readonly subscriptions: Map<string, Subscription>;
  declare nextId: number;
  declare socket: WebSocket | null;
  declare acknowledged: boolean;
  declare attempt: number;
  declare retryTimer: ReturnType<typeof setTimeout> | null;
  declare stopped: boolean;
  declare state: LiveState;
  declare readonly wake: () => void;

  constructor({ connectionParams = async () => ({}), onState = () => {}, url = defaultSocketUrl() }: LiveOptions = {}) {
    this.url = url;
    this.connectionParams = connectionParams;
    this.onState = onState;
    this.subscriptions = new Map();
    this.nextId = 1;
    this.socket = null;
    this.acknowledged = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.stopped = false;
    this.state = 'closed';
    this.wake = () => {
      if (!this.stopped && !this.socket && document.visibilityState !== 'hidden') this.connectNow();
    };
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
  }

  get connected(): boolean {
    return this.acknowledged;
  }

  /** Starts a subscription; `handlers`: { next(data), error(errors) }. Returns a function that stops it. */
  subscribe<Data, OperationVariables extends Variables>(
    query: Operation<Data, OperationVariables>,
    variables: () => OperationVariables,
    handlers: SubscriptionHandlers<Data>,
  ): () => void {
    const id = String(this.nextId++);
    this.subscriptions.set(id, { query, variables, handlers: handlers as SubscriptionHandlers<unknown> });
    if (this.acknowledged) this.sendSubscribe(id);
    else if (!this.socket) this.connectNow();
    return () => {
      if (!this.subscriptions.delete(id)) return;
      if (this.acknowledged) this.send({ id, type: 'complete' });
    };
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer ?? undefined);
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    this.subscriptions.clear();
    if (this.socket) this.socket.close(1000, 'Normal Closure');
    this.socket = null;
    this.setState('closed');
  }

  setState(state: LiveState, detail?: string | number): void {
    this.state = state;
    this.onState(state, detail);
  }

  connectNow(): void {
    clearTimeout(this.retryTimer ?? undefined);
    this.retryTimer = null;
    if (this.stopped || this.socket) return;
    this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url, 'graphql-transport-ws');
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.acknowledged = false;
    socket.addEventListener('open', async () => {
      let payload: Record<string, unknown>;
      try {
        payload = await this.connectionParams();
      } catch (error) {
        socket.close(4400, 'No credentials');
        this.setState('refused', error instanceof Error ? error.message : String(error));
        return;
      }
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'connection_init', payload }));
    });
    socket.addEventListener('message', (event) => this.receive(socket, event.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.acknowledged = false;
      if (this.stopped) return;
      if (FATAL_CLOSE_CODES.has(event.code)) {
        this.setState('refused', event.reason || `Closed with ${event.code}`);
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    // 0.5 s, 1 s, 2 s … capped at 15 s, with jitter so many clients do not return in step after an outage.
    const delay = Math.min(15_000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.setState('retrying', Math.round(delay));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connectNow();
    }, delay);
  }

  receive(socket: WebSocket, raw: string): void {
    let message: SocketMessage;
    try {
      message = JSON.parse(raw);
    } catch {
      socket.close(4400, 'Invalid message');
      return;
    }
    const subscriptionId = message.id ?? '';
    const subscription = this.subscriptions.get(subscriptionId);
    switch (message.type) {
      case 'connection_ack':
        this.acknowledged = true;
        this.attempt = 0;
        this.setState('open');
        for (const id of this.subscriptions.keys()) this.sendSubscribe(id);
        break;
      case 'ping':
        this.send({ type: 'pong' });
        break;
      case 'pong':
        break;
      case 'next': {
        if (!subscription) break;
        const result = message.payload as ExecutionResult | undefined;
        if (result?.errors?.length) subscription.handlers.error?.(result.errors);
        else subscription.handlers.next(result?.data ?? null);
        break;
      }
      case 'error':
        if (!subscription) break;
        this.subscriptions.delete(subscriptionId);
        subscription.handlers.error?.(Array.isArray(message.payload) ? message.payload : [{ message: 'Subscription failed.' }]);
        break;
      case 'complete':
        if (!subscription) break;
        this.subscriptions.delete(subscriptionId);
        subscription.handlers.complete?.();
        break;
      default:
        break;
    }
  }

  sendSubscribe(id: string): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    this.send({ id, type: 'subscribe', payload: { query: subscription.query, variables: subscription.variables() } });
  }

  send(message: SocketMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

function defaultSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${GRAPHQL_PATH}`;
}
