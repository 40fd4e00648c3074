// The service as a real process, killed with SIGKILL in the middle of a burst of events and started again on the
// same database: every event that was recorded reaches the receiver at least once. Deliveries the dead process
// had leased are retried when their lease runs out; an event recorded just before the kill whose delivery was
// never written is found by the outbox reconciler.
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';
import { apiRequest, createAccountAt, uniqueDatabaseName } from '../support/test-server.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { startReceiver, type Receiver } from './receiver.js';
import { FAST_WEBHOOKS, waitFor } from './delivery-support.js';

const EVENT = 'SESSION:NOTE_INSERT';
// A burst of 500 events, every one of them sent exactly once; the first process is killed once 188 have been answered.
const BURST = 500;
const KILL_AFTER = 188;
const CONCURRENCY = 16;

const database = uniqueDatabaseName('crash');
let receiver: Receiver;
let mongo: MongoClient;
const running: ServiceProcess[] = [];

async function startService(): Promise<ServiceProcess> {
  const service = await startServiceProcess({ environment: { ...FAST_WEBHOOKS, MONGODB_DB: database } });
  running.push(service);
  return service;
}

beforeAll(async () => {
  receiver = await startReceiver();
  mongo = new MongoClient(inject('mongoUrl'));
  await mongo.connect();
});

afterAll(async () => {
  for (const service of running) {
    service.child.kill('SIGKILL');
    await service.exited;
  }
  await mongo
    .db(database)
    .dropDatabase()
    .catch(() => undefined);
  await mongo.close();
  await receiver.close();
});

describe('a crash in the middle of a burst', () => {
  it('loses no delivery: every recorded event arrives at least once after a restart', async () => {
    const first = await startService();
    const account = await createAccountAt(first.baseUrl, 'crashtest');
    // A session holds at most 200 notes (docs/limits.md): the burst is spread over three.
    const sessionKeys: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const session = await apiRequest(first.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
      expect(session.status).toBe(200);
      sessionKeys.push(session.body.session_key as string);
    }
    const sessionKey = sessionKeys[0] as string;
    const notesOf = (title: string) => `/v1/sessions/${sessionKeys[Number(title.slice('note-'.length)) % sessionKeys.length]}/notes`;
    expect((await apiRequest(first.baseUrl, account, 'POST', '/v1/callbacks', { event: EVENT, url: `${receiver.origin}/hook` })).status).toBe(200);

    // The burst: CONCURRENCY clients adding notes; SIGKILL once KILL_AFTER have been answered.
    const titles = Array.from({ length: BURST }, (_, index) => `note-${index}`);
    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    const refused: string[] = [];
    let next = 0;
    let target = first;
    let killed = false;
    const client = async () => {
      while (next < titles.length) {
        const title = titles[next++] as string;
        attempted.add(title);
        try {
          const result = await apiRequest(target.baseUrl, account, 'POST', notesOf(title), { title, description: 'burst' });
          if (result.status === 200) acknowledged.add(title);
          else refused.push(`${title}: ${result.status} ${JSON.stringify(result.body)}`);
        } catch {
          // The process died under this request: its event may or may not have been recorded.
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          first.child.kill('SIGKILL');
        }
        if (killed) return;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    await first.exited;
    expect(killed).toBe(true);
    // Every request the first process answered succeeded; only those in flight at the kill have no answer.
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(attempted.size - acknowledged.size).toBeLessThanOrEqual(CONCURRENCY);
    expect(attempted.size).toBeLessThan(BURST);

    // The narrowest crash window, made certain: an event persisted whose delivery was never written.
    const orphanSeq = 1_000_000_000;
    await mongo
      .db(database)
      .collection<{ _id: string } & Record<string, unknown>>('events')
      .insertOne({
        _id: `${account.apiKey}:${orphanSeq}`,
        api_key: account.apiKey,
        callback_key: account.apiKey,
        seq: orphanSeq,
        session_key: sessionKey,
        event: EVENT,
        payload: {
          session_key: sessionKey,
          event: EVENT,
          timestamp: new Date().toISOString().replace('Z', '+00:00'),
          title: 'orphan',
          description: 'burst',
          user: account.username,
        },
        created_at: new Date(),
      });

    // Restarted on the same database; the rest of the burst goes to the new process.
    const second = await startService();
    target = second;
    const rest = titles.filter((title) => !attempted.has(title));
    expect(attempted.size + rest.length).toBe(BURST);
    for (const title of rest) {
      const result = await apiRequest(second.baseUrl, account, 'POST', notesOf(title), { title, description: 'burst' });
      expect(result.status).toBe(200);
      acknowledged.add(title);
    }

    // Every event the log holds (including any recorded by a request that never got its answer) must arrive.
    const recorded = (await mongo.db(database).collection('events').find({ api_key: account.apiKey, event: EVENT }).toArray()).map(
      (event) => (event.payload as { title: string }).title,
    );
    expect(recorded.length).toBeGreaterThanOrEqual(acknowledged.size + 1);
    expect(recorded.length).toBeLessThanOrEqual(BURST + 1);
    expect(recorded).toContain('orphan');
    for (const title of acknowledged) expect(recorded).toContain(title);
    const arrived = () => new Set(receiver.requests.map((request) => (JSON.parse(request.body) as { title: string }).title));
    await waitFor(() => recorded.every((title) => arrived().has(title)), 'every recorded event to be delivered', 60_000);
    const missing = recorded.filter((title) => !arrived().has(title));
    expect(missing).toEqual([]);
  }, 150_000);
});
