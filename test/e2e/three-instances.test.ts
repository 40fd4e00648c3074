// Three service processes on one database and one Redis behave as one service (docs/decisions.md): a whole PRO
// capture's requests, subscriptions and callbacks spread over them round-robin, one instance killed with SIGKILL
// mid-way. Every event reaches the subscribers on every instance once and in order (the killed instance's subscriber
// resumes on another with `after`), and every webhook is delivered: at least once, and exactly once for the events
// recorded after the kill. Waits are on conditions, never on time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import '../support/provided-context.js';
import { apiRequest, createAccountAt, uniqueDatabaseName } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { wsEventRecorder, type EventRecorder } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { THEME_PHOTOS } from '../support/capture-flow.js';
import { eventDeliveryId } from '../../src/webhooks/outbox.js';

const CALLBACK_EVENTS = ['SESSION:STAGE_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:COMPLETE', 'SESSION:NOTE_INSERT'];
/** Generous for a loaded two-core machine: conditions are polled, so a fast run never waits this long. */
const PATIENCE_MS = 120_000;

interface Received {
  webhookId: string;
  body: { event?: string };
}

/** A webhook receiver answering 200 to everything, recording each request's webhook-id. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ webhookId: String(request.headers['webhook-id']), body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

const database = uniqueDatabaseName('three');
const environment = {
  MONGODB_DB: database,
  REDIS_URL: inject('redisUrl'),
  VEHICLE_CHECK: 'off',
  WEBHOOK_POLL_INTERVAL_MS: '200',
  WEBHOOK_RETRY_TIME_SCALE: '0.001',
  WEBHOOK_RESPONSE_TIMEOUT_MS: '2000',
  WEBHOOK_TOTAL_TIMEOUT_MS: '3000',
  // A killed instance's claimed deliveries go out again once this lease ends.
  WEBHOOK_LEASE_MS: '5000',
  WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
};

describe('three instances on one database and one Redis', () => {
  let instances: ServiceProcess[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const recorders: EventRecorder[] = [];
  let mongo: MongoClient;

  beforeAll(async () => {
    receiver = await startReceiver();
    mongo = await MongoClient.connect(inject('mongoUrl'));
    // The first alone, so the database's migrations and indexes are made once; then the other two together.
    const first = await startServiceProcess({ environment, timeoutMs: PATIENCE_MS });
    instances = [first, ...(await Promise.all([1, 2].map(() => startServiceProcess({ environment, timeoutMs: PATIENCE_MS }))))];
  }, 3 * PATIENCE_MS);

  afterAll(async () => {
    for (const recorder of recorders) await recorder.close().catch(() => undefined);
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
      await instance.exited;
    }
    // The embedded database has no dropDatabase; each run's database name is its own anyway.
    await mongo
      ?.db(database)
      .dropDatabase()
      .catch(() => undefined);
    await mongo?.close();
    await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
  }, PATIENCE_MS);

  it(
    'delivers every event to every instance’s subscribers once and in order, and every webhook, through a SIGKILL',
    async () => {
      let turn = 0;
      let alive = [...instances];
      /** The next living instance, round-robin. */
      const next = () => alive[turn++ % alive.length] as ServiceProcess;

      const account: TestAccount = await createAccountAt(next().baseUrl, `three_${Date.now()}`);
      for (const event of CALLBACK_EVENTS) {
        expect((await apiRequest(next().baseUrl, account, 'POST', '/v1/callbacks', { event, url: receiver.url })).status).toBe(200);
      }
      const created = await apiRequest(next().baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'PRO' } });
      expect(created.status).toBe(200);
      const sessionKey = created.body.session_key as string;

      // One subscriber of the session on each instance, from its first event (replayed, then live).
      for (const instance of instances) recorders.push(wsEventRecorder(instance.baseUrl, signRequestHeaders(account), { sessionKey, after: '0' }));
      await Promise.all(recorders.map((recorder) => recorder.ready));

      const upload = async (code: number) => {
        const photo = await makeScene({ seed: 4100 + code });
        const response = await fetch(`${next().baseUrl}/v1/sessions/${sessionKey}/photos/${code}`, {
          method: 'POST',
          headers: { ...signRequestHeaders(account), 'content-type': 'image/jpeg' },
          body: new Uint8Array(photo) as Uint8Array<ArrayBuffer>,
        });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { approved: boolean }).approved).toBe(true);
      };
      const note = async (title: string) => {
        expect((await apiRequest(next().baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title, description: 'three instances' })).status).toBe(
          200,
        );
      };
      const codes = THEME_PHOTOS.PRO as number[];
      const half = Math.ceil(codes.length / 2);
      for (const code of codes.slice(0, half)) await upload(code);
      await note('before the kill');

      // Everything recorded so far is in the log before the third instance dies.
      const eventLog = () =>
        mongo
          .db(database)
          .collection<{ seq: number; event: string }>('events')
          .find({ api_key: account.apiKey, session_key: sessionKey })
          .sort({ seq: 1 })
          .toArray();
      const lastSeqBeforeKill = (await eventLog()).at(-1)?.seq ?? 0;
      // Each subscriber, the doomed instance's too, has seen them: events cross instances through Redis.
      for (const recorder of recorders) await recorder.waitFor((events) => events.some((event) => event.id === String(lastSeqBeforeKill)), PATIENCE_MS);
      const killed = instances[2] as ServiceProcess;
      killed.child.kill('SIGKILL');
      await killed.exited;
      alive = instances.slice(0, 2);

      for (const code of codes.slice(half)) await upload(code);
      await note('after the kill');
      const confirmed = await apiRequest(next().baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.status).toBe('COMPLETE');

      const log = await eventLog();
      const ids = log.map((event) => String(event.seq));
      expect(log.at(-1)?.event).toBe('SESSION:COMPLETE');
      expect(log.some((event) => event.seq > lastSeqBeforeKill)).toBe(true);

      // The living instances' subscribers: the whole log, once each, in order.
      for (const recorder of recorders.slice(0, 2)) {
        await recorder.waitFor((events) => events.some((event) => event.id === ids.at(-1)), PATIENCE_MS);
        expect(recorder.events.map((event) => event.id)).toEqual(ids);
      }
      // The killed instance's subscriber saw a beginning of it, and resumes on a living instance after what it saw.
      const [, , orphan] = recorders as [EventRecorder, EventRecorder, EventRecorder];
      const seen = orphan.events.map((event) => event.id);
      expect(seen.length).toBeGreaterThanOrEqual(ids.indexOf(String(lastSeqBeforeKill)) + 1);
      expect(seen).toEqual(ids.slice(0, seen.length));
      const resumed = wsEventRecorder(next().baseUrl, signRequestHeaders(account), { sessionKey, ...(seen.length > 0 ? { after: seen.at(-1) } : {}) });
      recorders.push(resumed);
      await resumed.waitFor((events) => events.some((event) => event.id === ids.at(-1)), PATIENCE_MS);
      expect([...seen, ...resumed.events.map((event) => event.id)]).toEqual(ids);

      // Webhooks: every event's delivery at least once; those recorded after the kill exactly once.
      const expected = log
        .filter((event) => CALLBACK_EVENTS.includes(event.event))
        .map((event) => ({ ...event, id: eventDeliveryId(account.apiKey, event.seq) }));
      await vi.waitFor(
        () => {
          const delivered = new Set(receiver.received.map((request) => request.webhookId));
          const missing = expected.filter((event) => !delivered.has(event.id));
          if (missing.length > 0) throw new Error(`webhooks not delivered yet: ${missing.map((event) => `${event.seq} ${event.event}`).join(', ')}`);
        },
        { timeout: PATIENCE_MS, interval: 100 },
      );
      const times = (id: string) => receiver.received.filter((request) => request.webhookId === id).length;
      for (const event of expected.filter((candidate) => candidate.seq > lastSeqBeforeKill)) expect(times(event.id), `${event.seq} ${event.event}`).toBe(1);
      expect(new Set(receiver.received.map((request) => request.webhookId))).toEqual(new Set(expected.map((event) => event.id)));
    },
    6 * PATIENCE_MS,
  );
});
