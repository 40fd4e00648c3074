// The client library (packages/client) against the real service: typed calls, signing, an Idempotency-Key per write
// kept across retries, Retry-After honoured, photos uploaded as the body, deliveries verified as Standard Webhooks.
// A real HTTP relay between the two plays the network that loses answers and the proxy that says "later".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiError, backoffDelay, createClient, verifyWebhook, type CaptureGatewayClient } from '../../packages/client/src/index.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { THEME_PHOTOS } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { waitForValue } from '../support/wait.js';

let server: TestServer;
let account: TestAccount;

/** What the relay does with the next requests before it forwards them as they are. */
type Mischief = 'lose-answer' | 'later';

interface Relay {
  origin: string;
  /** Every request the relay saw: method, path and Idempotency-Key. */
  seen: { method: string; path: string; idempotencyKey: string | undefined; at: number }[];
  plan: Mischief[];
  close(): Promise<void>;
}

/** Forwards to the service; for each planned mischief it answers 502 after forwarding, or 429 with Retry-After: 1 without. */
async function startRelay(target: string): Promise<Relay> {
  const relay: Relay = { origin: '', seen: [], plan: [], close: async () => undefined };
  const httpServer = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    relay.seen.push({ method: request.method ?? '', path: request.url ?? '', idempotencyKey, at: Date.now() });
    const mischief = relay.plan.shift();
    if (mischief === 'later') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"message":"Too many requests."}');
      return;
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<string, string>;
    const forwarded = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await forwarded.arrayBuffer());
    if (mischief === 'lose-answer') {
      response.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway."}');
      return;
    }
    response.writeHead(forwarded.status, Object.fromEntries(forwarded.headers)).end(body);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  relay.origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  relay.close = () => new Promise<void>((resolve) => httpServer.close(() => resolve()));
  return relay;
}

let relay: Relay;
let client: CaptureGatewayClient;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  relay = await startRelay(server.baseUrl);
  client = createClient({ baseUrl: relay.origin, ...account, retry: { initialDelayMs: 50 } });
});
afterAll(async () => {
  await relay.close();
  await server.stop();
});

async function createLiteSession(): Promise<string> {
  const { data, error, response } = await client.api.POST('/v1/sessions', { body: { session: { theme: 'LITE' } } });
  if (!data || !('session_key' in data)) throw apiError(response, error);
  return data.session_key;
}

describe('@capture-gateway/client', () => {
  it('signs typed calls, and a refused one carries its message and request id', async () => {
    const sessionKey = await createLiteSession();
    const { data } = await client.api.GET('/v1/sessions/{sessionKey}', { params: { path: { sessionKey } } });
    expect(data).toMatchObject({ session_key: sessionKey, status: 'IDLE', theme: 'LITE' });

    const missing = await client.api.GET('/v1/sessions/{sessionKey}', { params: { path: { sessionKey: 'XXX-0000000000' } } });
    expect(missing.response.status).toBe(404);
    const error = apiError(missing.response, missing.error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('cannot be found');
    expect(error.requestId).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(error.requestId).toBe((missing.error as { request_id?: string }).request_id);
  });

  it('retries a write whose answer was lost with the same Idempotency-Key, and the service does it once', async () => {
    const sessions = server.app.database.db.collection('inspection_sessions');
    const stored = await sessions.countDocuments();
    const before = relay.seen.length;
    relay.plan.push('lose-answer');
    const { data, response } = await client.api.POST('/v1/sessions', { body: { session: { theme: 'LITE' } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Idempotent-Replayed')).toBe('true');
    expect((data as { session_key?: string } | undefined)?.session_key).toMatch(/^[A-Z]{3}-/);
    const attempts = relay.seen.slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    // The service created one session for the two attempts: the retry only replayed the first answer.
    expect(await sessions.countDocuments()).toBe(stored + 1);
  });

  it('waits what Retry-After says before trying again, and reads are not given a key', async () => {
    const before = relay.seen.length;
    relay.plan.push('later');
    const sessionKey = await createLiteSession();
    const started = Date.now();
    relay.plan.push('later');
    const { data } = await client.api.GET('/v1/sessions/{sessionKey}', { params: { path: { sessionKey } } });
    expect(data?.session_key).toBe(sessionKey);
    const reads = relay.seen.slice(before).filter((seen) => seen.method === 'GET');
    expect(reads).toHaveLength(2);
    expect(reads.every((seen) => seen.idempotencyKey === undefined)).toBe(true);
    expect((reads[1]?.at ?? 0) - (reads[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after its retries and answers with the last refusal', async () => {
    const quick = createClient({ baseUrl: relay.origin, ...account, retry: { retries: 1, initialDelayMs: 10, maxDelayMs: 10 } });
    relay.plan.push('later', 'later');
    const before = relay.seen.length;
    const { response } = await quick.api.GET('/v1/sessions', {});
    expect(response.status).toBe(429);
    expect(relay.seen.length - before).toBe(2);
  });

  it('uploads photos over REST and verifies the webhooks they cause', async () => {
    const receiver: Receiver = await startReceiver();
    try {
      const callback = await client.api.POST('/v1/callbacks', {
        body: { event: 'SESSION:STAGE_CHANGE', url: `${receiver.origin}/hooks` },
      });
      const secret = (callback.data as { secret: string }).secret;
      const sessionKey = await createLiteSession();
      for (const code of THEME_PHOTOS.LITE as number[]) {
        const photo = await client.uploadPhoto(sessionKey, code, await makeScene({ seed: 8800 + code }), 'image/jpeg');
        expect(photo).toMatchObject({ photo_code: code, approved: true });
      }
      await waitForValue(() => receiver.requests.length >= (THEME_PHOTOS.LITE as number[]).length, 'every STAGE_CHANGE delivered');
      for (const delivery of receiver.requests) {
        const payload = verifyWebhook({ body: delivery.body, headers: delivery.headers as Record<string, string> }, 'whsec_dGhlIHdyb25nIHNlY3JldA==', secret);
        expect(payload).toMatchObject({ session_key: sessionKey, event: 'SESSION:STAGE_CHANGE', photo_status: 'accepted' });
      }
      const confirmed = await client.api.POST('/v1/sessions/{sessionKey}/confirm', { params: { path: { sessionKey } } });
      expect(confirmed.data).toMatchObject({ session_key: sessionKey, status: 'COMPLETE' });
      const results = await client.api.GET('/v1/sessions/{sessionKey}/results', { params: { path: { sessionKey } } });
      expect(results.data?.report?.url).toMatch(/\/reports\/[A-Za-z0-9_-]{32}$/);
      const first = receiver.requests[0];
      if (!first) throw new Error('no delivery');
      expect(() => verifyWebhook({ body: first.body.replace('accepted', 'rejected'), headers: first.headers as Record<string, string> }, secret)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('goes from a test key to a verified SESSION:COMPLETE without a phone or a car', async () => {
    const receiver: Receiver = await startReceiver();
    try {
      const made = await client.api.POST('/v1/account/api-keys', { body: { mode: 'test', label: 'quick start' } });
      if (!made.data) throw apiError(made.response, made.error);
      const sandbox = createClient({ baseUrl: relay.origin, username: account.username, apiKey: made.data.api_key, apiSecret: made.data.api_secret });
      const callback = await sandbox.api.POST('/v1/callbacks', { body: { event: 'SESSION:COMPLETE', url: `${receiver.origin}/hooks` } });
      const secret = (callback.data as { secret: string }).secret;
      const created = await sandbox.api.POST('/v1/sessions', { body: { session: { theme: 'LITE' } } });
      if (!created.data || !('session_key' in created.data)) throw apiError(created.response, created.error);
      const sessionKey = created.data.session_key;
      expect(created.data.test).toBe(true);
      const simulated = await sandbox.api.POST('/v1/sessions/{sessionKey}/simulate', {
        params: { path: { sessionKey } },
        body: { outcome: 'complete', rejected_photos: 1 },
      });
      expect(simulated.response.status).toBe(202);
      const delivery = await waitForValue(() => receiver.requests[0], 'the simulated SESSION:COMPLETE', 90_000);
      const payload = verifyWebhook({ body: delivery.body, headers: delivery.headers as Record<string, string> }, secret);
      expect(payload).toMatchObject({ event: 'SESSION:COMPLETE', session: { session_key: sessionKey, status: 'COMPLETE' } });
      // The live key's own callbacks heard nothing of it.
      const live = await client.api.GET('/v1/callbacks', {});
      expect((live.data as { data: unknown[] }).data.some((entry) => JSON.stringify(entry).includes(receiver.origin))).toBe(false);
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('waits Retry-After (capped), else a doubling delay with jitter', () => {
    const policy = { retries: 3, initialDelayMs: 500, maxDelayMs: 30_000 };
    expect(backoffDelay(0, '2', policy)).toBe(2000);
    expect(backoffDelay(0, '3600', policy)).toBe(30_000);
    expect(backoffDelay(0, new Date(10_000).toUTCString(), policy, 7_000)).toBe(3000);
    expect(backoffDelay(2, null, policy, 0, () => 0)).toBe(2000);
    expect(backoffDelay(2, null, policy, 0, () => 1)).toBe(3000);
  });
});
