// The delivery engine's limits against real receivers on loopback (docs/webhooks.md): requests in flight are bounded per
// callback (api_key + event) and per worker, and a rotated-out signing secret stops signing once its overlap ends.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver.js';
import { addNote, bodyOf, createSessionKey, headerText, listDeliveries, setCallback, signedHeaders, startDeliveryServer, waitFor } from './delivery-support.js';

const EVENT = 'SESSION:NOTE_INSERT';
const CALLBACK_CONCURRENCY = 2;
const WORKER_CONCURRENCY = 3;
/** How long the receiver holds each request open once its gate is open. */
const HOLD_MS = 300;

let server: TestServer;
const receivers: Receiver[] = [];
const gates: Gate[] = [];

beforeAll(async () => {
  server = await startDeliveryServer({
    WEBHOOK_CALLBACK_CONCURRENCY: String(CALLBACK_CONCURRENCY),
    WEBHOOK_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    // Requests are held open on purpose (until every event of a burst is recorded): no attempt may time out meanwhile,
    // or its retry would show up as a second request and a slot freed early. Recording the backlog's 100 events took
    // over 20 s on a starved machine, so the first request is allowed as long as the longest test.
    WEBHOOK_RESPONSE_TIMEOUT_MS: '100000',
    WEBHOOK_TOTAL_TIMEOUT_MS: '110000',
    WEBHOOK_LEASE_MS: '130000',
  });
});

afterAll(async () => {
  for (const gate of gates) gate.open();
  await server.stop();
  await Promise.all(receivers.map((started) => started.close()));
});

interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const created = { opened, open };
  gates.push(created);
  return created;
}

/**
 * Counts requests in flight at a set of slow receivers, in total and per label (one label per callback). A request is
 * in flight from its arrival until just before its answer is written (or until the client drops it), so the counts
 * here never run ahead of the worker's own: it only frees a slot after the answer reached it.
 */
class InFlightMeter {
  current = 0;
  max = 0;
  readonly currentBy = new Map<string, number>();
  readonly maxBy = new Map<string, number>();

  enter(label: string): () => void {
    this.current += 1;
    this.max = Math.max(this.max, this.current);
    const now = (this.currentBy.get(label) ?? 0) + 1;
    this.currentBy.set(label, now);
    this.maxBy.set(label, Math.max(this.maxBy.get(label) ?? 0, now));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.current -= 1;
      this.currentBy.set(label, (this.currentBy.get(label) ?? 1) - 1);
    };
  }
}

/** A receiver that holds every request until `held` opens, then HOLD_MS more, then answers 204. */
async function slowReceiver(meter: InFlightMeter, label: string, held: Gate): Promise<Receiver> {
  const started = await startReceiver((_request, response) => {
    const leave = meter.enter(label);
    response.on('close', leave);
    void held.opened
      .then(() => new Promise((resolve) => setTimeout(resolve, HOLD_MS)))
      .then(() => {
        leave();
        if (!response.destroyed) response.writeHead(204).end();
      });
  });
  receivers.push(started);
  return started;
}

async function burst(account: TestAccount, sessionKey: string, prefix: string, count: number): Promise<string[]> {
  const titles = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  await Promise.all(titles.map((title) => addNote(server, account, sessionKey, title)));
  return titles;
}

/** Every title arrived, each exactly once and under one webhook-id of its own; the deliveries all succeeded at once. */
async function expectEachDeliveredOnce(account: TestAccount, target: Receiver, titles: string[]): Promise<void> {
  await waitFor(() => titles.every((title) => target.requests.some((request) => bodyOf(request).title === title)), `every delivery at ${target.origin}`);
  const deliveries = await waitFor(async () => {
    const list = await listDeliveries(server, account, EVENT, '?limit=100');
    return list.length === titles.length && list.every((delivery) => delivery.status === 'succeeded') && list;
  }, 'every delivery to be marked succeeded');
  for (const delivery of deliveries) expect(delivery).toMatchObject({ attempt_count: 1, last_status_code: 204 });
  // Anything sent twice would have shown up by now: the worker records success only after the answer.
  expect(target.requests.map((request) => bodyOf(request).title).sort()).toEqual([...titles].sort());
  const ids = target.requests.map((request) => headerText(request, 'webhook-id'));
  expect(new Set(ids).size).toBe(titles.length);
  expect(new Set(ids)).toEqual(new Set(deliveries.map((delivery) => delivery.id)));
}

describe('bounded concurrency', () => {
  it(`a burst for one callback never has more than WEBHOOK_CALLBACK_CONCURRENCY (${CALLBACK_CONCURRENCY}) requests in flight`, async () => {
    const meter = new InFlightMeter();
    const held = gate();
    const target = await slowReceiver(meter, 'only', held);
    const account = await server.createAccount();
    const sessionKey = await createSessionKey(server, account);
    await setCallback(server, account, { event: EVENT, url: `${target.origin}/hook` });

    try {
      // Every event is recorded (and its delivery queued) while the first requests are held open: the worker has
      // far more work for this callback than its limit allows, and the worker-wide limit (3) is not what stops it.
      const titles = await burst(account, sessionKey, 'one-callback', 12);
      await waitFor(() => meter.current >= CALLBACK_CONCURRENCY, 'the callback to reach its limit');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(meter.current).toBe(CALLBACK_CONCURRENCY);
      expect(target.requests).toHaveLength(CALLBACK_CONCURRENCY);

      held.open();
      await expectEachDeliveredOnce(account, target, titles);
      expect(meter.max).toBe(CALLBACK_CONCURRENCY);
    } finally {
      held.open();
    }
  });

  it(`two callbacks share WEBHOOK_WORKER_CONCURRENCY (${WORKER_CONCURRENCY}); neither exceeds its own limit`, async () => {
    const meter = new InFlightMeter();
    const held = gate();
    // Two accounts, so two callbacks (api_key + event) for the same event, each with a slow receiver of its own:
    // together they could use 2 + 2 = 4 slots; the worker allows 3.
    const targets = await Promise.all([slowReceiver(meter, 'a', held), slowReceiver(meter, 'b', held)]);
    const scenarios = await Promise.all(
      targets.map(async (target) => {
        const account = await server.createAccount();
        const sessionKey = await createSessionKey(server, account);
        await setCallback(server, account, { event: EVENT, url: `${target.origin}/hook` });
        return { account, sessionKey, target };
      }),
    );

    try {
      const titles = await Promise.all(scenarios.map(({ account, sessionKey }, index) => burst(account, sessionKey, `two-callbacks-${index}`, 6)));
      await waitFor(() => meter.current >= WORKER_CONCURRENCY, 'the worker to reach its limit');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(meter.current).toBe(WORKER_CONCURRENCY);
      for (const label of ['a', 'b']) expect(meter.maxBy.get(label) ?? 0).toBeLessThanOrEqual(CALLBACK_CONCURRENCY);
      expect(targets[0]!.requests.length + targets[1]!.requests.length).toBe(WORKER_CONCURRENCY);

      held.open();
      await Promise.all(scenarios.map(({ account, target }, index) => expectEachDeliveredOnce(account, target, titles[index] as string[])));
      expect(meter.max).toBe(WORKER_CONCURRENCY);
      for (const label of ['a', 'b']) {
        expect(meter.maxBy.get(label)).toBeGreaterThanOrEqual(1);
        expect(meter.maxBy.get(label)).toBeLessThanOrEqual(CALLBACK_CONCURRENCY);
      }
    } finally {
      held.open();
    }
  });
});

describe('a backlog beyond the local queue', () => {
  it('is sent in the order the events were recorded, even while new events keep coming', async () => {
    const held = gate();
    const target = await startReceiver((_request, response) => void held.opened.then(() => response.writeHead(204).end()));
    receivers.push(target);
    const account = await server.createAccount();
    const sessionKey = await createSessionKey(server, account);
    await setCallback(server, account, { event: EVENT, url: `${target.origin}/hook` });

    try {
      // The worker keeps 32 deliveries per request slot in memory (64 here): 100 held deliveries overflow into the
      // database. Then, while that backlog drains, 30 more events arrive; they must not overtake it.
      const titles = Array.from({ length: 130 }, (_, index) => `backlog-${index}`);
      for (const title of titles.slice(0, 100)) await addNote(server, account, sessionKey, title);
      held.open();
      for (const title of titles.slice(100)) await addNote(server, account, sessionKey, title);
      await waitFor(() => target.requests.length >= titles.length, 'every delivery of the backlog', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(target.requests.map((request) => bodyOf(request).title).sort()).toEqual([...titles].sort());
      expect(new Set(target.requests.map((request) => headerText(request, 'webhook-id'))).size).toBe(titles.length);

      // Requests run two at a time, so neighbours may swap; nothing may arrive after an event recorded 3 or more later.
      const arrived = target.requests.map((request) => titles.indexOf(bodyOf(request).title as string));
      const overtaken = arrived.filter((index, position) => arrived.slice(0, position).some((earlier) => earlier >= index + CALLBACK_CONCURRENCY + 1));
      expect(overtaken).toEqual([]);
    } finally {
      held.open();
    }
  }, 120_000);
});

describe('secret rotation', () => {
  const signatures = (request: ReceivedRequest) => headerText(request, 'webhook-signature').split(' ');
  const verify = (request: ReceivedRequest, secret: string) => new Webhook(secret).verify(request.body, signedHeaders(request));

  it('signs with the new secret only once the old secret’s overlap has ended', async () => {
    const target = await startReceiver();
    receivers.push(target);
    const account = await server.createAccount();
    const sessionKey = await createSessionKey(server, account);
    const { secret: oldSecret } = await setCallback(server, account, { event: EVENT, url: `${target.origin}/hook` });
    const received = (title: string) => target.requests.filter((request) => bodyOf(request).title === title);

    const rotatedAt = Date.now();
    const rotated = await apiRequest(server.baseUrl, account, 'POST', `/v1/callbacks/${EVENT}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);

    // During the overlap: both sign.
    await addNote(server, account, sessionKey, 'during overlap');
    const during = await waitFor(() => received('during overlap')[0], 'the delivery during the overlap');
    expect(signatures(during)).toHaveLength(2);
    expect(verify(during, newSecret)).toMatchObject({ title: 'during overlap' });
    expect(verify(during, oldSecret)).toMatchObject({ title: 'during overlap' });

    // The old secret is kept next to the new one with the end of its overlap, 24 h from the rotation.
    const callbacks = server.app.database.db.collection<{ api_key: string; event: string; secrets: { secret: string; expires_at: Date | null }[] }>(
      'callbacks',
    );
    const stored = await callbacks.findOne({ api_key: account.apiKey, event: EVENT });
    expect(stored?.secrets.map((secret) => secret.secret)).toEqual([newSecret, oldSecret]);
    expect(stored?.secrets[0]?.expires_at).toBeNull();
    const overlapEnd = stored?.secrets[1]?.expires_at as Date;
    expect(overlapEnd).toBeInstanceOf(Date);
    const day = 24 * 60 * 60 * 1000;
    expect(overlapEnd.getTime()).toBeGreaterThanOrEqual(rotatedAt + day - 1_000);
    expect(overlapEnd.getTime()).toBeLessThanOrEqual(Date.now() + day + 1_000);

    // 24 h later, simulated: the overlap ended a moment ago.
    const ended = new Date(Date.now() - 1_000);
    const update = await callbacks.updateOne(
      { api_key: account.apiKey, event: EVENT },
      { $set: { secrets: stored!.secrets.map((secret) => (secret.secret === oldSecret ? { ...secret, expires_at: ended } : secret)) } },
    );
    expect(update.matchedCount).toBe(1);

    // A fresh delivery (handed to the worker in process, with the callback as read when the event was queued).
    await addNote(server, account, sessionKey, 'after overlap');
    const after = await waitFor(() => received('after overlap')[0], 'the delivery after the overlap');
    expect(signatures(after)).toHaveLength(1);
    expect(signatures(after)[0]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(after, newSecret)).toMatchObject({ title: 'after overlap' });
    expect(() => verify(after, oldSecret)).toThrow();

    // A redelivery of the overlap-era delivery (claimed from the database, reading the callback at send time):
    // the same webhook-id, now signed by the new secret alone.
    const [duringDelivery] = (await listDeliveries(server, account, EVENT, '?limit=100')).filter(
      (delivery) => delivery.id === headerText(during, 'webhook-id'),
    );
    expect(duringDelivery).toBeDefined();
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/deliveries/${duringDelivery.id}/redeliver`)).status).toBe(200);
    const again = await waitFor(() => received('during overlap')[1], 'the redelivery after the overlap');
    expect(headerText(again, 'webhook-id')).toBe(duringDelivery.id);
    expect(signatures(again)).toHaveLength(1);
    expect(verify(again, newSecret)).toMatchObject({ title: 'during overlap' });
    expect(() => verify(again, oldSecret)).toThrow();

    // The callback shows the new secret; rotating again keeps only secrets that still sign (the expired one is dropped).
    const shown = await apiRequest(server.baseUrl, account, 'GET', `/v1/callbacks/${EVENT}`);
    expect(shown.body.secret).toBe(newSecret);
    const rotatedAgain = await apiRequest(server.baseUrl, account, 'POST', `/v1/callbacks/${EVENT}/rotate-secret`);
    expect(rotatedAgain.status).toBe(200);
    const restored = await callbacks.findOne({ api_key: account.apiKey, event: EVENT });
    expect(restored?.secrets.map((secret) => secret.secret)).toEqual([rotatedAgain.body.secret, newSecret]);
  });
});
