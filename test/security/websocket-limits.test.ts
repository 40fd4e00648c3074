// graphql-ws sockets are held to the limits HTTP requests are (docs/limits.md): every operation spends the rate-limit
// budget (an account's, or a capture token's smaller guest budget), sockets and subscriptions are capped, idle
// sockets are closed, and a socket whose credentials are revoked is closed with 4403. Real graphql-ws clients
// against the real server, started with small limits through its environment.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ADMIN_TOKEN, apiRequest, startTestServer, uniqueDatabaseName, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { createSession } from '../support/capture-flow.js';
import { loadConfig } from '../../src/config.js';
import '../support/provided-context.js';

interface Socket {
  client: Client;
  connected: Promise<void>;
  /** Set once the server closes the socket. */
  closed: { code: number; reason: string } | null;
  whenClosed: Promise<{ code: number; reason: string }>;
}

function openSocket(baseUrl: string, connectionParams: Record<string, string>): Socket {
  let markConnected: () => void = () => undefined;
  let markClosed: (event: { code: number; reason: string }) => void = () => undefined;
  const socket: Socket = {
    connected: new Promise<void>((resolve) => (markConnected = resolve)),
    whenClosed: new Promise((resolve) => (markClosed = resolve)),
    closed: null,
    client: createClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams,
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
      on: {
        connected: () => markConnected(),
        closed: (event) => {
          const { code, reason } = event as { code: number; reason: string };
          socket.closed = { code, reason: String(reason) };
          markClosed(socket.closed);
        },
      },
    }),
  };
  return socket;
}

/** Opens sockets until one is admitted: a slot freed by a client's close is released once the server sees it. */
async function openOnceAdmitted(baseUrl: string, connectionParams: Record<string, string>): Promise<Socket> {
  let admitted: Socket | null = null;
  await expect
    .poll(async () => {
      const socket = openSocket(baseUrl, connectionParams);
      const outcome = await Promise.race([socket.connected.then(() => 'connected'), socket.whenClosed.then((event) => event.code)]);
      if (outcome === 'connected') admitted = socket;
      else await socket.client.dispose();
      return outcome;
    })
    .toBe('connected');
  return admitted as unknown as Socket;
}

type Outcome = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };

/** Runs one operation to its end; errors (refused or failed) are returned, never thrown. */
function run(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    let result: Outcome = {};
    client.subscribe(
      { query, variables },
      {
        next: (value) => (result = value as Outcome),
        error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ message: String((error as { reason?: string }).reason ?? error) }] }),
        complete: () => resolve(result),
      },
    );
  });
}

const codes = (outcomes: Outcome[]) => outcomes.map((outcome) => (outcome.errors ? (outcome.errors[0]?.extensions?.code ?? 'ERROR') : 'OK'));
const count = (values: string[], value: string) => values.filter((item) => item === value).length;

/** Adds a note through REST: a SESSION:NOTE_INSERT event for the account's subscribers. */
async function addNote(baseUrl: string, account: TestAccount, sessionKey: string): Promise<void> {
  const added = await apiRequest(baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: 'note', description: 'an event' });
  expect(added.status).toBeLessThan(300);
}

/**
 * Adds notes until every subscription has seen one: a subscription is attached to the event stream shortly after the
 * server accepts it, and a live-only subscription misses what happened before.
 */
async function expectDelivered(baseUrl: string, account: TestAccount, sessionKey: string, subscriptions: { events: string[] }[]): Promise<void> {
  await expect
    .poll(async () => {
      await addNote(baseUrl, account, sessionKey);
      return subscriptions.every((subscription) => subscription.events.includes('SESSION:NOTE_INSERT'));
    })
    .toBe(true);
}

const ACCOUNT_EVENTS = 'subscription { sessionEvents { event } }';

/** Follows every event of the socket's account: the events seen, the errors if it was refused, and a way to end it. */
function subscribeEvents(client: Client) {
  const events: string[] = [];
  let errors: Outcome['errors'] | null = null;
  const stop = client.subscribe<{ sessionEvents: { event: string } }>(
    { query: ACCOUNT_EVENTS },
    {
      next: (value) => value.data && events.push(value.data.sessionEvents.event),
      error: (error) => (errors = Array.isArray(error) ? error : [{ message: String(error) }]),
      complete: () => undefined,
    },
  );
  return { events, stop, errors: () => errors };
}

describe('defaults', () => {
  it('caps 50 sockets per account and 5 per capture token, with a guest budget smaller than an account’s', () => {
    const config = loadConfig({});
    expect(config.webSockets).toMatchObject({ maxSocketsPerAccount: 50, maxSocketsPerCaptureToken: 5 });
    expect(config.guestRateLimit.points).toBeLessThan(config.rateLimit.points);
    expect(config.apiSecretOverlapMs).toBe(24 * 60 * 60 * 1000);
  });
});

describe('operations on a socket spend the rate-limit budget', () => {
  const ACCOUNT_POINTS = 20;
  const GUEST_POINTS = 8;
  let server: TestServer;
  let twilio: Server;
  let smsSent = 0;

  beforeAll(async () => {
    twilio = createServer((request, response) => {
      request.resume().on('end', () => {
        smsSent += 1;
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${smsSent}`, status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({
      RATE_LIMIT_POINTS: String(ACCOUNT_POINTS),
      RATE_LIMIT_GUEST_POINTS: String(GUEST_POINTS),
      RATE_LIMIT_WINDOW_SECONDS: '600',
      SMS_PROVIDER: 'twilio',
      TWILIO_BASE_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15551112222',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => twilio.close(resolve));
  });

  it('cuts a flood of queries on one account socket off at the account budget, and keeps the socket open', async () => {
    const account = await server.createAccount();
    const socket = openSocket(server.baseUrl, signRequestHeaders(account));
    await socket.connected;
    const outcomes = await Promise.all(Array.from({ length: 3 * ACCOUNT_POINTS }, () => run(socket.client, '{ callbacks { event } }')));
    const results = codes(outcomes);
    expect({ ok: count(results, 'OK'), limited: count(results, 'RATE_LIMITED') }).toEqual({ ok: ACCOUNT_POINTS, limited: 2 * ACCOUNT_POINTS });
    const limited = outcomes.find((outcome) => outcome.errors)?.errors?.[0];
    expect(limited?.extensions?.retryAfter).toBeGreaterThan(0);
    // The same budget as HTTP: the account's next HTTP request is refused too.
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks')).status).toBe(429);
    expect(socket.closed).toBeNull();
    await socket.client.dispose();
  });

  it('spends the account budget an HTTP request already used', async () => {
    const account = await server.createAccount();
    for (let index = 0; index < ACCOUNT_POINTS; index += 1) expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks')).status).toBe(200);
    const socket = openSocket(server.baseUrl, signRequestHeaders(account));
    const outcome = await run(socket.client, '{ callbacks { event } }');
    expect(outcome.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    await socket.client.dispose();
  });

  it('limits a guest addNote flood on a capture socket by the smaller guest budget', async () => {
    const account = await server.createAccount();
    const session = await createSession(server.baseUrl, account);
    // Guest notes are taken while capturing; the integrator opens the capture so the guest budget stays untouched.
    const started = await graphqlRequest(server.baseUrl, { account }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    expect(started.data).toEqual({ startCapture: { status: 'STARTED' } });
    const socket = openSocket(server.baseUrl, { 'Capture-Token': session.captureToken });
    await socket.connected;
    const addNote = 'mutation($k: String!, $t: String!) { addNote(sessionKey: $k, title: $t, description: "flood") { title } }';
    const outcomes = await Promise.all(
      Array.from({ length: 5 * GUEST_POINTS }, (_, index) => run(socket.client, addNote, { k: session.sessionKey, t: `n${index}` })),
    );
    const results = codes(outcomes);
    expect({ ok: count(results, 'OK'), limited: count(results, 'RATE_LIMITED') }).toEqual({ ok: GUEST_POINTS, limited: 4 * GUEST_POINTS });
    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/notes`);
    expect(notes.body.data ?? notes.body).toHaveLength(GUEST_POINTS);
    expect(socket.closed).toBeNull();
    await socket.client.dispose();
  });

  it('makes HTTP requests carrying a capture token spend the same guest budget as its sockets', async () => {
    const account = await server.createAccount();
    const session = await createSession(server.baseUrl, account);
    const capture = { captureToken: session.captureToken };
    const query = 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }';
    for (let index = 0; index < GUEST_POINTS; index += 1) {
      expect((await graphqlRequest(server.baseUrl, capture, query, { k: session.sessionKey })).errors).toBeUndefined();
    }
    const overHttp = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Capture-Token': session.captureToken },
      body: JSON.stringify({ query, variables: { k: session.sessionKey } }),
    });
    expect(overHttp.status).toBe(429);
    expect(Number(overHttp.headers.get('retry-after'))).toBeGreaterThan(0);
    const socket = openSocket(server.baseUrl, { 'Capture-Token': session.captureToken });
    expect(codes([await run(socket.client, query, { k: session.sessionKey })])).toEqual(['RATE_LIMITED']);
    await socket.client.dispose();
    // The client address's own budget was not what ran out: a request without credentials still passes.
    expect((await graphqlRequest(server.baseUrl, null, '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('limits a flood of createInspectionSession with sms.to, and so the SMS sent', async () => {
    const account = await server.createAccount();
    const socket = openSocket(server.baseUrl, signRequestHeaders(account));
    await socket.connected;
    const sentBefore = smsSent;
    const create = 'mutation($input: CreateInspectionSessionInput) { createInspectionSession(input: $input) { sessionKey } }';
    const outcomes = await Promise.all(
      Array.from({ length: 3 * ACCOUNT_POINTS }, () => run(socket.client, create, { input: { sms: { to: '+15555550199' } } })),
    );
    const results = codes(outcomes);
    expect({ ok: count(results, 'OK'), limited: count(results, 'RATE_LIMITED') }).toEqual({ ok: ACCOUNT_POINTS, limited: 2 * ACCOUNT_POINTS });
    await expect.poll(() => smsSent - sentBefore).toBe(ACCOUNT_POINTS);
    await socket.client.dispose();
  });
});

describe('caps on sockets and subscriptions', () => {
  const PER_ACCOUNT = 3;
  const PER_CAPTURE_TOKEN = 2;
  const PER_SOCKET = 3;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      WS_MAX_SOCKETS_PER_ACCOUNT: String(PER_ACCOUNT),
      WS_MAX_SOCKETS_PER_CAPTURE_TOKEN: String(PER_CAPTURE_TOKEN),
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: String(PER_SOCKET),
    });
  });
  afterAll(() => server?.stop());

  it('closes an account socket beyond the cap with 4290 and says why; a closed socket frees its slot', async () => {
    const account = await server.createAccount();
    const sockets = Array.from({ length: PER_ACCOUNT }, () => openSocket(server.baseUrl, signRequestHeaders(account)));
    await Promise.all(sockets.map((socket) => socket.connected));
    const extra = openSocket(server.baseUrl, signRequestHeaders(account));
    expect(await extra.whenClosed).toEqual({ code: 4290, reason: `Too many open sockets and streams: at most ${PER_ACCOUNT} per account` });
    // Another account is not affected.
    const other = openSocket(server.baseUrl, signRequestHeaders(await server.createAccount()));
    await other.connected;
    await sockets[0]?.client.dispose();
    const replacement = await openOnceAdmitted(server.baseUrl, signRequestHeaders(account));
    expect((await run(replacement.client, '{ callbacks { event } }')).data).toEqual({ callbacks: [] });
    for (const socket of [...sockets, extra, other, replacement]) await socket.client.dispose();
  });

  it('closes a capture-token socket beyond its cap with 4290', async () => {
    const session = await createSession(server.baseUrl, await server.createAccount());
    const sockets = Array.from({ length: PER_CAPTURE_TOKEN }, () => openSocket(server.baseUrl, { 'Capture-Token': session.captureToken }));
    await Promise.all(sockets.map((socket) => socket.connected));
    const extra = openSocket(server.baseUrl, { 'Capture-Token': session.captureToken });
    expect(await extra.whenClosed).toEqual({ code: 4290, reason: `Too many open sockets and streams: at most ${PER_CAPTURE_TOKEN} per capture token` });
    expect(sockets.map((socket) => socket.closed)).toEqual(sockets.map(() => null));
    for (const socket of [...sockets, extra]) await socket.client.dispose();
  });

  it('refuses a subscription beyond the cap per socket with LIMIT_REACHED, keeping the socket and the others', async () => {
    const account = await server.createAccount();
    const session = await createSession(server.baseUrl, account);
    const socket = openSocket(server.baseUrl, signRequestHeaders(account));
    await socket.connected;
    // One more than the cap, all at once: exactly one is refused, whichever the server reaches last.
    const started = Array.from({ length: PER_SOCKET + 1 }, () => subscribeEvents(socket.client));
    await expect.poll(() => started.filter((subscription) => subscription.errors()).length).toBe(1);
    const refused = started.find((subscription) => subscription.errors());
    expect(refused?.errors()?.[0]?.extensions?.code).toBe('LIMIT_REACHED');
    expect(refused?.errors()?.[0]?.message).toBe(`Too many subscriptions on this socket: at most ${PER_SOCKET}. Complete one before starting another.`);
    const running = started.filter((subscription) => subscription !== refused);
    // The running ones still deliver.
    await expectDelivered(server.baseUrl, account, session.sessionKey, running);
    // Ending one frees its place.
    running[0]?.stop();
    const next = subscribeEvents(socket.client);
    await expectDelivered(server.baseUrl, account, session.sessionKey, [next]);
    expect(next.errors()).toBeNull();
    expect(socket.closed).toBeNull();
    await socket.client.dispose();
  });
});

describe('idle sockets', () => {
  const IDLE_MS = 1000;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ WS_IDLE_TIMEOUT_MS: String(IDLE_MS) });
  });
  afterAll(() => server?.stop());

  it('closes a socket with no subscription and no operation with 4080, and keeps one with a subscription', async () => {
    const account = await server.createAccount();
    const session = await createSession(server.baseUrl, account);
    const watching = openSocket(server.baseUrl, signRequestHeaders(account));
    const subscription = subscribeEvents(watching.client);
    await watching.connected;
    const idle = openSocket(server.baseUrl, signRequestHeaders(account));
    await idle.connected;
    expect(await idle.whenClosed).toEqual({ code: 4080, reason: 'Idle timeout: no subscription or operation for 1 s' });
    // A second idle socket opened after the first closed lives a whole timeout too; the watching one outlives both.
    const later = openSocket(server.baseUrl, signRequestHeaders(account));
    expect((await later.whenClosed).code).toBe(4080);
    expect(watching.closed).toBeNull();
    await expectDelivered(server.baseUrl, account, session.sessionKey, [subscription]);
    await watching.client.dispose();
  });
});

describe('revoked credentials', () => {
  const OVERLAP_SECONDS = 5;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ WS_CREDENTIAL_CHECK_INTERVAL_MS: '200', API_SECRET_OVERLAP_SECONDS: String(OVERLAP_SECONDS) });
  });
  afterAll(() => server?.stop());

  it('closes a socket signed with a rotated-out secret with 4403 once the overlap ends, not one signed with the new secret', async () => {
    const account = await server.createAccount();
    const old = openSocket(server.baseUrl, signRequestHeaders(account));
    await old.connected;
    const rotated = await fetch(`${server.baseUrl}/admin/accounts/${account.username}/rotate-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(rotated.status).toBe(200);
    const renewed: TestAccount = { ...account, apiSecret: ((await rotated.json()) as { api_secret: string }).api_secret };
    // Within the overlap the old socket still works, after several credential checks (one every 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await run(old.client, '{ callbacks { event } }')).data).toEqual({ callbacks: [] });
    expect(old.closed).toBeNull();
    const current = openSocket(server.baseUrl, signRequestHeaders(renewed));
    await current.connected;
    expect(await old.whenClosed).toEqual({ code: 4403, reason: 'Forbidden: credentials revoked' });
    expect((await run(current.client, '{ callbacks { event } }')).data).toEqual({ callbacks: [] });
    expect(current.closed).toBeNull();
    await current.client.dispose();
  }, 20_000);

  it('closes a socket opened with an access-record token when the record expires', async () => {
    const account = await server.createAccount();
    // A record made from a timestamp 288 s old expires 12 s from now.
    const record = await apiRequest(server.baseUrl, account, 'GET', '/v1/sessions', undefined, signRequestHeaders(account, new Date(Date.now() - 288_000)));
    expect(record.status).toBe(200);
    const fresh = signRequestHeaders(account);
    const viaRecord = openSocket(server.baseUrl, { ...fresh, 'API-Token': record.body.api_token });
    const signed = openSocket(server.baseUrl, fresh);
    await signed.connected;
    // Until it expires the record holds, through several credential checks (one every 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await run(viaRecord.client, '{ callbacks { event } }')).data).toEqual({ callbacks: [] });
    expect(viaRecord.closed).toBeNull();
    expect(await viaRecord.whenClosed).toEqual({ code: 4403, reason: 'Forbidden: credentials revoked' });
    expect(signed.closed).toBeNull();
    await signed.client.dispose();
  }, 20_000);

  it('closes a capture-token socket when its session is deleted', async () => {
    const account = await server.createAccount();
    const session = await createSession(server.baseUrl, account);
    const other = await createSession(server.baseUrl, account);
    const socket = openSocket(server.baseUrl, { 'Capture-Token': session.captureToken });
    const otherSocket = openSocket(server.baseUrl, { 'Capture-Token': other.captureToken });
    await Promise.all([socket.connected, otherSocket.connected]);
    expect((await apiRequest(server.baseUrl, account, 'DELETE', `/v1/sessions/${session.sessionKey}`)).status).toBe(200);
    expect(await socket.whenClosed).toEqual({ code: 4403, reason: 'Forbidden: credentials revoked' });
    expect(otherSocket.closed).toBeNull();
    await otherSocket.client.dispose();
  });
});

// The run's Redis (test/global-setup.ts: REDIS_URL, the machine's, or one started for the run), so this always runs.
describe('socket caps across instances through Redis', () => {
  it('counts an account’s sockets on every instance sharing the Redis', async () => {
    const shared = { MONGODB_DB: uniqueDatabaseName('ws_caps'), REDIS_URL: inject('redisUrl'), WS_MAX_SOCKETS_PER_ACCOUNT: '2' };
    const first = await startTestServer(shared);
    const second = await startTestServer(shared);
    try {
      const account = await first.createAccount();
      const one = openSocket(first.baseUrl, signRequestHeaders(account));
      const two = openSocket(second.baseUrl, signRequestHeaders(account));
      await Promise.all([one.connected, two.connected]);
      const three = openSocket(first.baseUrl, signRequestHeaders(account));
      expect((await three.whenClosed).code).toBe(4290);
      await two.client.dispose();
      const four = await openOnceAdmitted(first.baseUrl, signRequestHeaders(account));
      expect((await run(four.client, '{ callbacks { event } }')).data).toEqual({ callbacks: [] });
      for (const socket of [one, three, four]) await socket.client.dispose();
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
