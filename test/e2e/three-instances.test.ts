// Three service processes on one database and one Redis behave as one service (docs/decisions.md): a whole PRO
// capture's requests, subscriptions and callbacks spread over them round-robin, and the instance running the periodic
// jobs killed with SIGKILL mid-way. Every event reaches the subscribers on every instance once and in order (the
// killed instance's subscriber resumes on another with `after`), every webhook is delivered (at least once, and
// exactly once for the events recorded after the kill), and each periodic job (expiry and retention sweeps, the outbox
// reconciler) runs on one instance at a time and is taken over by a living one. Waits are on conditions, never on time.
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
  // The sweeps' leases last two intervals and 5 s: a killed holder's jobs are taken over within seconds.
  EXPIRY_SWEEP_INTERVAL_MS: '500',
  RETENTION_SWEEP_INTERVAL_MS: '500',
};

interface LeaseChange {
  job: string;
  instance: number;
  taken: boolean;
  time: number;
}

/** The periodic jobs' lease takes and losses each instance logged (src/maintenance/leased-interval.ts), in time order. */
function leaseChanges(instances: ServiceProcess[]): LeaseChange[] {
  const changes: LeaseChange[] = [];
  for (const [instance, process] of instances.entries()) {
    for (const line of process.output().split('\n')) {
      if (!line.includes('periodic job lease')) continue;
      try {
        const entry = JSON.parse(line) as { msg: string; job: string; time: number };
        if (entry.msg === 'periodic job lease taken' || entry.msg === 'periodic job lease lost') {
          changes.push({ job: entry.job, instance, taken: entry.msg === 'periodic job lease taken', time: entry.time });
        }
      } catch {
        // a line still being written
      }
    }
  }
  return changes.sort((a, b) => a.time - b.time);
}

/** The instances holding `job`'s lease after the logged changes. */
function holdersOf(changes: LeaseChange[], job: string): number[] {
  const held = new Set<number>();
  for (const change of changes.filter((candidate) => candidate.job === job)) {
    if (change.taken) held.add(change.instance);
    else held.delete(change.instance);
  }
  return [...held];
}

/** For each job, the most instances holding its lease at one moment; a kill ends the killed instance's holds. */
function mostHoldersAtOnce(changes: LeaseChange[], kill: { instance: number; time: number }): Map<string, number> {
  const jobs = [...new Set(changes.map((change) => change.job))];
  const events = [...changes, ...jobs.map((job) => ({ job, instance: kill.instance, taken: false, time: kill.time }))];
  // At the same millisecond a loss comes before a take.
  events.sort((a, b) => a.time - b.time || Number(a.taken) - Number(b.taken));
  const holders = new Map<string, Set<number>>();
  const most = new Map<string, number>();
  for (const event of events) {
    const held = holders.get(event.job) ?? new Set<number>();
    if (event.taken) held.add(event.instance);
    else held.delete(event.instance);
    holders.set(event.job, held);
    most.set(event.job, Math.max(most.get(event.job) ?? 0, held.size));
  }
  return most;
}

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

      // Everything recorded so far is in the log before an instance dies.
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

      // The instance to kill is the one running the expiry sweep, so that its periodic jobs must move.
      const expiryJob = 'session-sweeper';
      await vi.waitFor(
        () => {
          if (holdersOf(leaseChanges(instances), expiryJob).length === 0) throw new Error('no instance has taken the expiry sweep yet');
        },
        { timeout: PATIENCE_MS, interval: 100 },
      );
      const victim = holdersOf(leaseChanges(instances), expiryJob)[0] as number;
      const jobsOfVictim = [...new Set(leaseChanges(instances).map((change) => change.job))].filter((job) =>
        holdersOf(leaseChanges(instances), job).includes(victim),
      );
      const killed = instances[victim] as ServiceProcess;
      const killedAt = Date.now();
      killed.child.kill('SIGKILL');
      await killed.exited;
      alive = instances.filter((instance) => instance !== killed);

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
      for (const recorder of recorders.filter((_, index) => index !== victim)) {
        await recorder.waitFor((events) => events.some((event) => event.id === ids.at(-1)), PATIENCE_MS);
        expect(recorder.events.map((event) => event.id)).toEqual(ids);
      }
      // The killed instance's subscriber saw a beginning of it, and resumes on a living instance after what it saw.
      const orphan = recorders[victim] as EventRecorder;
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

      // Each periodic job the killed instance ran is taken over by a living instance, and none ever ran on two at once.
      expect(jobsOfVictim).toContain(expiryJob);
      await vi.waitFor(
        () => {
          const orphaned = jobsOfVictim.filter((job) => holdersOf(leaseChanges(instances), job).every((instance) => instance === victim));
          if (orphaned.length > 0) throw new Error(`periodic jobs not taken over yet: ${orphaned.join(', ')}`);
        },
        { timeout: PATIENCE_MS, interval: 100 },
      );
      for (const [job, most] of mostHoldersAtOnce(leaseChanges(instances), { instance: victim, time: killedAt })) expect(most, job).toBe(1);
    },
    6 * PATIENCE_MS,
  );
});
