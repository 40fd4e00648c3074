// GraphQL clients for tests: plain HTTP, multipart uploads, graphql-ws and SSE subscribers that record events.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { vi } from 'vitest';
import { watchSubscription } from './live-subscriptions.js';
import { signRequestHeaders, type TestAccount } from './signing.js';

export type Credentials = { account: TestAccount } | { captureToken: string } | null;

export interface GraphQLResult {
  data?: any;
  errors?: { message: string; extensions?: Record<string, any>; path?: string[] }[];
}

function credentialHeaders(credentials: Credentials): Record<string, string> {
  if (!credentials) return {};
  return 'account' in credentials ? signRequestHeaders(credentials.account) : { 'Capture-Token': credentials.captureToken };
}

export async function graphqlRequest(
  baseUrl: string,
  credentials: Credentials,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResult> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...credentialHeaders(credentials) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResult;
}

const CAPTURE_PHOTO = `mutation($sessionKey: String!, $photoCode: Int!, $file: File!) {
  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode photoLabel url approved approvedMessage rejectionCode }
}`;

/** capturePhoto through the GraphQL multipart request specification. */
export async function uploadPhoto(
  baseUrl: string,
  credentials: Credentials,
  sessionKey: string,
  photoCode: number,
  bytes: Buffer,
  filename = 'photo.jpg',
): Promise<{ status: number; body: GraphQLResult }> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: CAPTURE_PHOTO, variables: { sessionKey, photoCode, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: credentialHeaders(credentials), body: form });
  const text = await response.text();
  let body: GraphQLResult;
  try {
    body = JSON.parse(text) as GraphQLResult;
  } catch {
    body = { errors: [{ message: text }] };
  }
  return { status: response.status, body };
}

export interface RecordedEvent {
  id: string;
  event: string;
  sessionKey: string;
  timestamp: string;
  payload: Record<string, any>;
}

/** The subscription the event recorders send, word for word (subscribers with the same text may share an execution). */
export const SESSION_EVENTS = `subscription($sessionKey: String, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }
}`;

/** Waits until `predicate` holds for the recorded events, polling; fails after `timeoutMs`. */
function waitFor(events: RecordedEvent[], predicate: (events: RecordedEvent[]) => boolean, timeoutMs: number, label: string): Promise<void> {
  return vi.waitFor(
    () => {
      if (!predicate(events)) throw new Error(`${label}: timed out; saw ${events.map((event) => event.event).join(', ')}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

/**
 * When the subscription has reached the server (`reached`: the socket acknowledged, the SSE response opened), its
 * stream there has made its live subscription (`opened`), and that is in place (`ready`), so that an event caused now
 * reaches it: on a test server, as live-subscriptions.ts sees them; on a service process, which shows nothing of them,
 * 150 ms after it reached the server. Each also resolves once the recorder got an error, its stream ended or it was
 * closed (the test then sees why).
 */
function subscribed(baseUrl: string, key: string | undefined, reached: Promise<void>, gaveUp: () => boolean): { opened: Promise<void>; ready: Promise<void> } {
  const watch = key === undefined ? null : watchSubscription(baseUrl, key, gaveUp);
  const settled = reached.then(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
  const opened = watch ? reached.then(() => watch.opened) : settled;
  const ready = watch ? reached.then(() => watch.inPlace) : settled;
  // Many tests wait for neither; a recorder that never got in place fails their assertions instead.
  for (const promise of [opened, ready]) promise.catch(() => undefined);
  return { opened, ready };
}

/** The key live-subscriptions.ts counts a subscription under: its session, or its account (undefined: not known here). */
function subscriptionKey(sessionKey: string | undefined, apiKey: string | undefined): string | undefined {
  return sessionKey ?? (apiKey === undefined ? undefined : `account:${apiKey}`);
}

export interface EventRecorder {
  events: RecordedEvent[];
  errors: unknown[];
  /** The Content-Encoding of an SSE response once it has opened (null without the header; undefined for graphql-ws). */
  contentEncoding?: string | null;
  /** Resolves once an event caused from now on reaches this recorder. */
  ready: Promise<void>;
  /**
   * Resolves once the server's stream has subscribed, live or not: with Redis away, its subscription goes live only when
   * Redis is back, and it then reads what it missed from the log.
   */
  opened: Promise<void>;
  waitFor(predicate: (events: RecordedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function wsEventRecorder(
  baseUrl: string,
  connectionParams: Record<string, string>,
  variables: { sessionKey?: string; after?: string } = {},
): EventRecorder {
  const events: RecordedEvent[] = [];
  const errors: unknown[] = [];
  let acknowledged: () => void = () => undefined;
  let ended = false;
  const { opened: streamOpened, ready } = subscribed(
    baseUrl,
    subscriptionKey(variables.sessionKey, connectionParams['API-Key']),
    new Promise<void>((resolve) => (acknowledged = resolve)),
    () => ended || errors.length > 0,
  );
  const client: Client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    // A connection that fails for good (its server gone) is one of this recorder's errors, not a line on the console.
    onNonLazyError: (error) => errors.push(error),
    on: { connected: () => acknowledged() },
  });
  const unsubscribe = client.subscribe<{ sessionEvents: RecordedEvent }>(
    { query: SESSION_EVENTS, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(value.errors);
        if (value.data?.sessionEvents) events.push(value.data.sessionEvents);
      },
      error: (error) => errors.push(error),
      complete: () => (ended = true),
    },
  );
  return {
    events,
    errors,
    ready,
    opened: streamOpened,
    waitFor: (predicate, timeoutMs = 15_000) => waitFor(events, predicate, timeoutMs, 'graphql-ws'),
    async close() {
      ended = true;
      unsubscribe();
      await client.dispose();
    },
  };
}

export function sseEventRecorder(baseUrl: string, credentials: Credentials, variables: { sessionKey?: string; after?: string } = {}): EventRecorder {
  const events: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const abort = new AbortController();
  let contentEncoding: string | null | undefined;
  let opened: () => void = () => undefined;
  let ended = false;
  const apiKey = credentials && 'account' in credentials ? credentials.account.apiKey : undefined;
  const { opened: streamOpened, ready } = subscribed(
    baseUrl,
    subscriptionKey(variables.sessionKey, apiKey),
    new Promise<void>((resolve) => (opened = resolve)),
    () => ended || errors.length > 0,
  );
  const done = (async () => {
    try {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        // Asks for compression as a browser does: a stream must come back as it is, each event as it happens.
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'br, gzip', ...credentialHeaders(credentials) },
        body: JSON.stringify({ query: SESSION_EVENTS, variables }),
        signal: abort.signal,
      });
      contentEncoding = response.headers.get('content-encoding');
      // Yoga marks its streams `Content-Encoding: none`, which asks proxies on the way not to compress them either.
      if (contentEncoding && contentEncoding !== 'none') errors.push(new Error(`SSE response sent with Content-Encoding ${contentEncoding}`));
      opened();
      if (!response.body) throw new Error('SSE response has no body');
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!data) continue;
          const value = JSON.parse(data) as { data?: { sessionEvents: RecordedEvent }; errors?: unknown };
          if (value.errors) errors.push(value.errors);
          if (value.data?.sessionEvents) events.push(value.data.sessionEvents);
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) errors.push(error);
    } finally {
      ended = true;
    }
  })();
  return {
    events,
    errors,
    get contentEncoding() {
      return contentEncoding;
    },
    ready,
    opened: streamOpened,
    waitFor: (predicate, timeoutMs = 15_000) => waitFor(events, predicate, timeoutMs, 'sse'),
    async close() {
      ended = true;
      abort.abort();
      await done;
    },
  };
}
