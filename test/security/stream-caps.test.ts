// SSE subscription streams count toward the same caps as graphql-ws sockets, and the sockets and streams of all the
// capture links of one account's sessions count toward the guest cap (docs/limits.md#websockets-and-streams). Real
// graphql-ws clients and real SSE requests against the real server, started with small caps.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer, uniqueDatabaseName, type TestServer } from '../support/test-server.js';
import { signRequestHeaders } from '../support/signing.js';
import { createSession } from '../support/capture-flow.js';
import '../support/provided-context.js';

const PER_ACCOUNT = 3;
const PER_CAPTURE_TOKEN = 2;
const GUESTS_PER_ACCOUNT = 3;
const SUBSCRIPTION = 'subscription { sessionEvents { event } }';

interface Stream {
  status: number;
  /** The refusal's body; null for an open stream. */
  body: { message?: string } | null;
  close(): void;
}

/** Opens a GraphQL subscription over SSE and returns once the server answered its headers. */
async function openStream(baseUrl: string, headers: Record<string, string>): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query: SUBSCRIPTION }),
    signal: abort.signal,
  });
  const body = response.status === 200 ? null : ((await response.json()) as { message?: string });
  // An open stream's body is left unread: reading nothing keeps the connection, and so the stream, open.
  return { status: response.status, body, close: () => abort.abort() };
}

interface Socket {
  client: Client;
  /** 'connected', or the close code of a refused socket. */
  outcome: Promise<'connected' | number>;
  closeReason: Promise<string>;
}

function openSocket(baseUrl: string, connectionParams: Record<string, string>): Socket {
  let settle: (outcome: 'connected' | number) => void = () => undefined;
  let reason: (text: string) => void = () => undefined;
  const outcome = new Promise<'connected' | number>((resolve) => (settle = resolve));
  const closeReason = new Promise<string>((resolve) => (reason = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: {
      connected: () => settle('connected'),
      closed: (event) => {
        const { code, reason: text } = event as { code: number; reason: string };
        settle(code);
        reason(String(text));
      },
    },
  });
  return { client, outcome, closeReason };
}

/** Opens streams until one is admitted: a closed stream's slot is freed once the server sees the connection close. */
async function openStreamOnceAdmitted(baseUrl: string, headers: Record<string, string>): Promise<Stream> {
  let admitted: Stream | null = null;
  await expect
    .poll(async () => {
      const stream = await openStream(baseUrl, headers);
      if (stream.status === 200) admitted = stream;
      return stream.status;
    })
    .toBe(200);
  return admitted as unknown as Stream;
}

describe('SSE streams and guest links share the connection caps', () => {
  let server: TestServer;
  const opened: { close(): void }[] = [];
  const keep = <T extends { close(): void } | Socket>(item: T): T => {
    opened.push('client' in item ? { close: () => void item.client.dispose() } : item);
    return item;
  };

  beforeAll(async () => {
    server = await startTestServer({
      WS_MAX_SOCKETS_PER_ACCOUNT: String(PER_ACCOUNT),
      WS_MAX_SOCKETS_PER_CAPTURE_TOKEN: String(PER_CAPTURE_TOKEN),
      GUEST_SOCKETS_PER_ACCOUNT: String(GUESTS_PER_ACCOUNT),
    });
  });
  afterAll(async () => {
    for (const item of opened) item.close();
    await server?.stop();
  });

  it('counts an account’s streams with its sockets: beyond the cap a stream gets 429 and a socket 4290', async () => {
    const account = await server.createAccount();
    const sockets = [keep(openSocket(server.baseUrl, signRequestHeaders(account))), keep(openSocket(server.baseUrl, signRequestHeaders(account)))];
    expect(await Promise.all(sockets.map((socket) => socket.outcome))).toEqual(['connected', 'connected']);
    const stream = keep(await openStream(server.baseUrl, signRequestHeaders(account)));
    expect(stream.status).toBe(200);

    const refused = await openStream(server.baseUrl, signRequestHeaders(account));
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toBe(`Too many open sockets and streams: at most ${PER_ACCOUNT} per account. Close one before opening another.`);
    const socket = keep(openSocket(server.baseUrl, signRequestHeaders(account)));
    expect(await socket.outcome).toBe(4290);
    // Another account is not affected.
    expect(keep(await openStream(server.baseUrl, signRequestHeaders(await server.createAccount()))).status).toBe(200);

    // A closed stream frees its slot.
    stream.close();
    keep(await openStreamOnceAdmitted(server.baseUrl, signRequestHeaders(account)));
  });

  it('counts a capture token’s streams with its sockets', async () => {
    const session = await createSession(server.baseUrl, await server.createAccount());
    const guest = { 'Capture-Token': session.captureToken };
    expect(await keep(openSocket(server.baseUrl, guest)).outcome).toBe('connected');
    expect(keep(await openStream(server.baseUrl, guest)).status).toBe(200);
    const refused = await openStream(server.baseUrl, guest);
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toBe(`Too many open sockets and streams: at most ${PER_CAPTURE_TOKEN} per capture token. Close one before opening another.`);
  });

  it('holds the sockets and streams of all of an account’s capture links to the guest cap: beyond, 4429 and 429', async () => {
    const account = await server.createAccount();
    const [first, second, third] = [
      await createSession(server.baseUrl, account),
      await createSession(server.baseUrl, account),
      await createSession(server.baseUrl, account),
    ];
    expect(await keep(openSocket(server.baseUrl, { 'Capture-Token': first.captureToken })).outcome).toBe('connected');
    expect(keep(await openStream(server.baseUrl, { 'Capture-Token': first.captureToken })).status).toBe(200);
    const secondStream = keep(await openStream(server.baseUrl, { 'Capture-Token': second.captureToken }));
    expect(secondStream.status).toBe(200);

    // Each token is under its own cap of 2, but the account's links together hold 3.
    const socket = keep(openSocket(server.baseUrl, { 'Capture-Token': third.captureToken }));
    expect(await socket.outcome).toBe(4429);
    expect(await socket.closeReason).toBe(`Too many open sockets and streams: at most ${GUESTS_PER_ACCOUNT} per account through its sessions' capture links`);
    const refused = await openStream(server.baseUrl, { 'Capture-Token': second.captureToken });
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toMatch(/^Too many open sockets and streams: at most 3 per account through its sessions' capture links/);

    // The account's own connections have their own cap, and another account's guests theirs.
    expect(await keep(openSocket(server.baseUrl, signRequestHeaders(account))).outcome).toBe('connected');
    const otherSession = await createSession(server.baseUrl, await server.createAccount());
    expect(keep(await openStream(server.baseUrl, { 'Capture-Token': otherSession.captureToken })).status).toBe(200);

    // A guest stream that closes frees its place under the guest cap and under its token's cap.
    secondStream.close();
    keep(await openStreamOnceAdmitted(server.baseUrl, { 'Capture-Token': third.captureToken }));
  });
});

// The run's Redis (test/global-setup.ts), as for the sockets' caps across instances.
describe('stream caps across instances through Redis', () => {
  it('counts an account’s streams and sockets on every instance sharing the Redis', async () => {
    const shared = {
      MONGODB_DB: uniqueDatabaseName('sse_caps'),
      REDIS_URL: inject('redisUrl'),
      WS_MAX_SOCKETS_PER_ACCOUNT: '2',
      GUEST_SOCKETS_PER_ACCOUNT: '2',
    };
    const first = await startTestServer(shared);
    const second = await startTestServer(shared);
    const opened: { close(): void }[] = [];
    try {
      const account = await first.createAccount();
      const stream = await openStream(first.baseUrl, signRequestHeaders(account));
      opened.push(stream);
      const socket = openSocket(second.baseUrl, signRequestHeaders(account));
      opened.push({ close: () => void socket.client.dispose() });
      expect([stream.status, await socket.outcome]).toEqual([200, 'connected']);
      expect((await openStream(second.baseUrl, signRequestHeaders(account))).status).toBe(429);

      // The guest cap too: two links of the account's sessions, one on each instance.
      const [one, two] = [await createSession(first.baseUrl, account), await createSession(first.baseUrl, account)];
      const guestStream = await openStream(first.baseUrl, { 'Capture-Token': one.captureToken });
      opened.push(guestStream);
      const guestSocket = openSocket(second.baseUrl, { 'Capture-Token': two.captureToken });
      opened.push({ close: () => void guestSocket.client.dispose() });
      expect([guestStream.status, await guestSocket.outcome]).toEqual([200, 'connected']);
      const refused = openSocket(first.baseUrl, { 'Capture-Token': two.captureToken });
      opened.push({ close: () => void refused.client.dispose() });
      expect(await refused.outcome).toBe(4429);
    } finally {
      for (const item of opened) item.close();
      await second.stop();
      await first.stop();
    }
  });
});
