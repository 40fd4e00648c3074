// docs/limits.md: webhook workers share their capacity fairly between accounts. Account A points all five callbacks at
// tarpits (accept, never answer) and floods them with test sends and events; account B's deliveries to a fast
// receiver must still arrive within one attempt's timeout, whether handed over in process or claimed from MongoDB.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/domain/events.js';
import { graphqlRequest } from '../support/graphql.js';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { addNote, createSessionKey, listDeliveries, setCallback, startDeliveryServer, waitFor } from '../webhooks/delivery-support.js';

/** One attempt's timeout (first byte and whole exchange alike). */
const ATTEMPT_TIMEOUT_MS = 2_000;
const NOTE_EVENT = 'SESSION:NOTE_INSERT';
const TEST_SENDS_PER_MINUTE = 10;

let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startDeliveryServer({
    WEBHOOK_RESPONSE_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    WEBHOOK_TOTAL_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    // Leases long enough that nothing of the flood expires and gets claimed twice while the test runs.
    WEBHOOK_LEASE_MS: '60000',
    // Test sends are let in here (their own cap is tested below), so the workers alone must keep others moving.
    WEBHOOK_TEST_SENDS_PER_MINUTE: '1000',
  });
});

afterAll(async () => {
  await server.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

/** A receiver that reads each request and never answers; `open()` counts the requests it is holding. */
async function startTarpit(): Promise<Receiver & { open(): number }> {
  let open = 0;
  const receiver = await startReceiver((_request, response) => {
    open += 1;
    response.on('close', () => {
      open -= 1;
    });
  });
  receivers.push(receiver);
  return Object.assign(receiver, { open: () => open });
}

/** A receiver that answers 204 at once and notes when each body (by its title) arrived. */
async function startFastReceiver(): Promise<Receiver & { arrivals: Map<string, number[]> }> {
  const arrivals = new Map<string, number[]>();
  const receiver = await startReceiver((_request, response, body) => {
    const title = String((JSON.parse(body) as { title?: unknown }).title);
    arrivals.set(title, [...(arrivals.get(title) ?? []), performance.now()]);
    response.writeHead(204).end();
  });
  receivers.push(receiver);
  return Object.assign(receiver, { arrivals });
}

async function inBatches<T>(count: number, batchSize: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => run(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe('a tarpit receiver on one account', () => {
  /** One tarpit per callback, so no per-destination limit stands in for the per-account one. */
  let tarpits: Awaited<ReturnType<typeof startTarpit>>[];
  const heldByTarpits = () => tarpits.reduce((sum, tarpit) => sum + tarpit.open(), 0);
  let fast: Awaited<ReturnType<typeof startFastReceiver>>;
  let victim: TestAccount;
  let victimSession: string;

  beforeAll(async () => {
    // The victim has a callback to a fast receiver and one delivery already made, to redeliver during the flood.
    fast = await startFastReceiver();
    victim = await server.createAccount();
    await setCallback(server, victim, { event: NOTE_EVENT, url: `${fast.origin}/hook` });
    victimSession = await createSessionKey(server, victim);
    await addNote(server, victim, victimSession, 'victim-earlier');
    await waitFor(() => fast.arrivals.get('victim-earlier'), "the victim's first delivery");

    tarpits = await Promise.all(WEBHOOK_EVENTS.map(() => startTarpit()));
    const attacker = await server.createAccount();
    for (const [index, event] of WEBHOOK_EVENTS.entries()) await setCallback(server, attacker, { event, url: `${tarpits[index]!.origin}/${event}` });
    const sessionKey = await createSessionKey(server, attacker);
    // 500 test sends over the five callbacks, enough to keep 40 requests waiting on the tarpit, and 200 events for
    // two of them (each retried on the schedule, so the flood lasts): notes, and sessions sent by SMS.
    const statuses = await inBatches(500, 25, async (index) => {
      const event = WEBHOOK_EVENTS[index % WEBHOOK_EVENTS.length] as string;
      return (await apiRequest(server.baseUrl, attacker, 'POST', `/v1/callbacks/${event}/test`)).status;
    });
    expect(statuses.every((status) => status === 200)).toBe(true);
    await inBatches(100, 10, async (index) => {
      await addNote(server, attacker, sessionKey, `flood-${index}`);
      const invited = await apiRequest(server.baseUrl, attacker, 'POST', '/v1/sessions', { sms: { to: '+15550000000' } });
      expect(invited.status).toBe(200);
    });
    // The tarpits hold at least half of the worker's 32 request slots, every one until its attempt times out.
    await waitFor(() => heldByTarpits() >= 16, 'the tarpits to hold 16 requests');
  }, 120_000);

  it("delays neither another account's fresh delivery nor its redelivery by more than one attempt timeout", async () => {
    expect(heldByTarpits()).toBeGreaterThanOrEqual(16);
    const [earlier] = await listDeliveries(server, victim, NOTE_EVENT);
    expect(earlier.payload.title).toBe('victim-earlier');

    // At once: a new event (handed over in process) and a redelivery (claimed from the database, where the
    // attacker's retries are due as well, and older).
    const startedAt = performance.now();
    const [redelivered] = await Promise.all([
      apiRequest(server.baseUrl, victim, 'POST', `/v1/deliveries/${earlier.id}/redeliver`),
      addNote(server, victim, victimSession, 'victim-fresh'),
    ]);
    expect(redelivered.status).toBe(200);
    const latency = async (title: string, arrival: number) =>
      Math.round((await waitFor(() => fast.arrivals.get(title)?.[arrival], `${title} at the receiver`, 60_000)) - startedAt);
    const [freshMs, redeliveryMs] = await Promise.all([latency('victim-fresh', 0), latency('victim-earlier', 1)]);
    console.info(`under the flood: fresh delivery ${freshMs} ms, redelivery ${redeliveryMs} ms (attempt timeout ${ATTEMPT_TIMEOUT_MS} ms)`);
    expect(freshMs).toBeLessThan(ATTEMPT_TIMEOUT_MS);
    expect(redeliveryMs).toBeLessThan(ATTEMPT_TIMEOUT_MS);
  }, 150_000);
});

describe('test sends', () => {
  let capped: TestServer;

  beforeAll(async () => {
    capped = await startDeliveryServer();
  });

  afterAll(async () => {
    await capped.stop();
  });

  it(`are capped at ${TEST_SENDS_PER_MINUTE} a minute per callback: 429 with Retry-After beyond, over REST and GraphQL`, async () => {
    const fast = await startFastReceiver();
    const account = await capped.createAccount();
    await setCallback(capped, account, { event: 'SESSION:COMPLETE', url: `${fast.origin}/complete` });
    await setCallback(capped, account, { event: NOTE_EVENT, url: `${fast.origin}/note` });

    for (let send = 0; send < TEST_SENDS_PER_MINUTE; send += 1) {
      expect((await apiRequest(capped.baseUrl, account, 'POST', '/v1/callbacks/SESSION:COMPLETE/test')).status).toBe(200);
    }
    const refused = await apiRequest(capped.baseUrl, account, 'POST', '/v1/callbacks/SESSION:COMPLETE/test');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/test sends/i);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const overGraphql = await graphqlRequest(capped.baseUrl, { account }, 'mutation { testCallback(event: SESSION_COMPLETE) { id } }');
    expect(overGraphql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

    // The budget is the callback's: another event's callback of the same account still sends, and a burst of
    // concurrent requests gets exactly its budget.
    const burst = await Promise.all(
      Array.from({ length: 25 }, async () => (await apiRequest(capped.baseUrl, account, 'POST', `/v1/callbacks/${NOTE_EVENT}/test`)).status),
    );
    expect(burst.filter((status) => status === 200)).toHaveLength(TEST_SENDS_PER_MINUTE);
    expect(burst.filter((status) => status === 429)).toHaveLength(25 - TEST_SENDS_PER_MINUTE);
    const listed = await listDeliveries(capped, account, 'SESSION:COMPLETE', '?limit=100');
    expect(listed.filter((delivery) => delivery.test)).toHaveLength(TEST_SENDS_PER_MINUTE);
  });
});
