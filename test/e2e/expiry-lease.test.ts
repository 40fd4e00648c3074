// Idle expiry with two service instances on one database (docs/events.md): both run the expiry sweeper, the
// 'session-sweeper' lease (src/store/leases.ts) lets one of them sweep at a time, and every overdue session
// becomes EXPIRED exactly once — one SESSION:EXPIRED in the event log and in the sessionEvents replay — whichever
// instance created it, and also after the lease holder stops and the other instance takes over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from 'mongodb';
import { apiRequest, startTestServer, uniqueDatabaseName, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto, wsEventRecorder, type EventRecorder } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { waitForValue } from '../support/wait.js';

const LEASE = 'session-sweeper';
const SWEEP_INTERVAL_MS = 200;
/**
 * Long enough that no session runs out while the sessions are made, however loaded the machine: a test moves their
 * deadlines into the past itself (idleOut). With 7.2 s of idleness, a photo upload was refused once while three test
 * workers loaded the machine, its session already expired.
 */
const EXPIRATION_HOURS = 1;

interface LeaseDocument {
  _id: string;
  holder: string;
  expires_at: Date;
}

let first: TestServer;
let second: TestServer;
/** Instances whose app was stopped by a test (without dropping the shared database). */
const stopped = new Set<TestServer>();
let account: TestAccount;
const recorders: EventRecorder[] = [];

beforeAll(async () => {
  const database = uniqueDatabaseName('expiry_lease');
  // The waits below read session statuses many times a second: more than an account's default request budget.
  const environment = { MONGODB_DB: database, EXPIRY_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS), RATE_LIMIT_POINTS: '1000000' };
  first = await startTestServer(environment);
  second = await startTestServer(environment);
  account = await first.createAccount(undefined, { expiration_hours: EXPIRATION_HOURS });
}, 60_000);

afterAll(async () => {
  for (const recorder of recorders) await recorder.close().catch(() => undefined);
  // Each TestServer.stop drops the shared database, so the last one running does it.
  for (const server of [second, first]) {
    if (server && !stopped.has(server)) await server.stop();
  }
});

/** The sweeper's lease holder id (a random UUID per instance). */
function holderOf(server: TestServer): string {
  return server.app.services.sweeper.holder;
}

function leases(server: TestServer): Collection<LeaseDocument> {
  return server.app.database.db.collection<LeaseDocument>('leases');
}

/** Resolves once the sweeper lease on `server`'s database has been renewed `count` more times: each sweep renews it. */
async function moreSweeps(server: TestServer, count: number): Promise<void> {
  const renewals = new Set<number>();
  await waitForValue(async () => {
    const lease = await leases(server).findOne({ _id: LEASE });
    if (lease) renewals.add(lease.expires_at.getTime());
    return renewals.size > count;
  }, `${count} more sweeps`);
}

type Kind = 'IDLE' | 'STARTED' | 'PROCESS';

/** Creates a session through `server` and leaves it idle in status `kind`. */
async function sessionIn(server: TestServer, kind: Kind, photo: Buffer): Promise<string> {
  const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
  expect(created.status).toBe(200);
  const sessionKey = created.body.session_key as string;
  const captureToken = (created.body.capture_url as string).split('#')[1] as string;
  if (kind === 'IDLE') return sessionKey;
  const started = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
    k: sessionKey,
  });
  expect(started.data?.startCapture?.status).toBe('STARTED');
  if (kind === 'STARTED') return sessionKey;
  const uploaded = await uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 1, photo);
  expect(uploaded.body.data?.capturePhoto?.approved).toBe(true);
  return sessionKey;
}

/**
 * Moves the sessions' idle deadlines just into the past, as if they had idled out: the sweepers do the rest. (Their
 * deadline from the account's expiration_hours is tested with the expiry rules; here it is who expires them, and how often.)
 */
async function idleOut(server: TestServer, sessionKeys: string[]): Promise<void> {
  const sessions = server.app.database.db.collection<{ _id: string; expires_at: Date }>('inspection_sessions');
  const moved = await sessions.updateMany({ _id: { $in: sessionKeys } }, { $set: { expires_at: new Date(Date.now() - 1_000) } });
  expect(moved.matchedCount).toBe(sessionKeys.length);
}

/** The events the log must hold for a session that idled in `kind` and then expired, in order. */
function expectedEvents(kind: Kind): string[] {
  if (kind === 'IDLE') return ['SESSION:EXPIRED'];
  if (kind === 'STARTED') return ['SESSION:STATUS_CHANGE', 'SESSION:EXPIRED'];
  return ['SESSION:STATUS_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:STAGE_CHANGE', 'SESSION:EXPIRED'];
}

async function statusOf(server: TestServer, sessionKey: string): Promise<string> {
  const response = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`);
  expect(response.status).toBe(200);
  return response.body.status as string;
}

/** Checks the event log (read directly) holds exactly the expected events per session, EXPIRED once and last. */
async function expectLoggedOnce(server: TestServer, sessions: Map<string, Kind>): Promise<void> {
  for (const [sessionKey, kind] of sessions) {
    const logged = await server.app.services.stores.events.listForSession(account.apiKey, sessionKey);
    expect(
      logged.map((event) => event.event),
      sessionKey,
    ).toEqual(expectedEvents(kind));
    const expired = logged.at(-1);
    expect(expired?.payload).toMatchObject({ session_key: sessionKey, event: 'SESSION:EXPIRED', status: 'EXPIRED' });
  }
}

/** Replays the account's whole log through sessionEvents (after: "0") on `server` once it holds `count` expiries. */
async function replayExpiries(server: TestServer, count: number) {
  const replay = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { after: '0' });
  recorders.push(replay);
  await replay.waitFor((events) => events.filter((event) => event.event === 'SESSION:EXPIRED').length >= count, 15_000);
  // A few more sweeps: a duplicate expiry recorded late would show up live on this subscription.
  await moreSweeps(server, 3);
  await replay.close();
  recorders.splice(recorders.indexOf(replay), 1);
  expect(replay.errors).toEqual([]);
  expect(new Set(replay.events.map((event) => event.id)).size).toBe(replay.events.length);
  return replay.events;
}

// Runs first, while both instances are up.
describe('the lease store on the shared database', () => {
  it('lets one holder at a time take, renew and release a lease', async () => {
    const name = `test-lease-${Date.now()}`;
    const viaFirst = first.app.services.stores.leases;
    const viaSecond = second.app.services.stores.leases;
    const stored = () => leases(first).findOne({ _id: name });
    const t0 = Date.now();
    const at = (offset: number) => new Date(t0 + offset);

    // Holder a works through the first instance's connection, holder b through the second's.
    expect(await viaFirst.acquire(name, 'a', at(0), 1_000)).toBe(true);
    expect(await stored()).toEqual({ _id: name, holder: 'a', expires_at: at(1_000) });
    expect(await viaSecond.acquire(name, 'b', at(500), 1_000)).toBe(false);
    // Renewal by the holder extends it.
    expect(await viaFirst.acquire(name, 'a', at(500), 1_000)).toBe(true);
    expect(await stored()).toEqual({ _id: name, holder: 'a', expires_at: at(1_500) });
    expect(await viaSecond.acquire(name, 'b', at(1_200), 1_000)).toBe(false);
    // Once it has run out, another holder takes it and the old one is locked out.
    expect(await viaSecond.acquire(name, 'b', at(1_500), 1_000)).toBe(true);
    expect(await stored()).toEqual({ _id: name, holder: 'b', expires_at: at(2_500) });
    expect(await viaFirst.acquire(name, 'a', at(1_600), 1_000)).toBe(false);
    // Only the holder can release it; then anyone may take it at once.
    await viaFirst.release(name, 'a');
    expect((await stored())?.holder).toBe('b');
    await viaSecond.release(name, 'b');
    expect(await stored()).toBeNull();
    expect(await viaFirst.acquire(name, 'a', at(1_700), 1_000)).toBe(true);
    expect((await stored())?.holder).toBe('a');
  });

  it('grants a contested lease to exactly one of many concurrent contenders on both instances, free or run out', async () => {
    const stores = [first.app.services.stores.leases, second.app.services.stores.leases];
    const collection = leases(first);
    for (let round = 0; round < 5; round += 1) {
      const name = `contested-${round}-${Date.now()}`;
      const now = new Date();
      if (round % 2 === 1) {
        // An expired lease of an earlier holder: every contender may take it, only one may win.
        await collection.insertOne({ _id: name, holder: 'gone', expires_at: new Date(now.getTime() - 1) });
      }
      const contenders = Array.from({ length: 12 }, (_, index) => `holder-${index}`);
      const outcomes = await Promise.all(contenders.map((holder, index) => (stores[index % 2] as (typeof stores)[number]).acquire(name, holder, now, 60_000)));
      expect(outcomes.filter(Boolean), `round ${round}`).toHaveLength(1);
      const winner = contenders[outcomes.indexOf(true)];
      expect((await collection.findOne({ _id: name }))?.holder, `round ${round}`).toBe(winner);
    }
  });
});

describe('expiry sweeping on two instances', () => {
  const wave = new Map<string, Kind>();

  it('expires every overdue session exactly once while one instance holds the sweeper lease', async () => {
    const photo = await makeScene({ seed: 9301 });
    const kinds: Kind[] = ['IDLE', 'STARTED', 'PROCESS', 'IDLE', 'STARTED', 'PROCESS', 'IDLE', 'STARTED'];
    const keys = await Promise.all(kinds.map((kind, index) => sessionIn(index % 2 ? second : first, kind, photo)));
    keys.forEach((key, index) => wave.set(key, kinds[index] as Kind));
    for (const key of keys) expect(['IDLE', 'STARTED', 'PROCESS']).toContain(await statusOf(first, key));
    await idleOut(first, keys);

    // Watch the lease while the sessions run out: always one unexpired document, always the same holder, which
    // is one of the two sweepers.
    const holders = new Set([holderOf(first), holderOf(second)]);
    expect(holders.size).toBe(2);
    const seen: { holder: string; expiresAt: number; sampledAt: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const sampledAt = Date.now();
        const documents = await leases(first).find({ _id: LEASE }).toArray();
        expect(documents).toHaveLength(1);
        const lease = documents[0] as LeaseDocument;
        seen.push({ holder: lease.holder, expiresAt: lease.expires_at.getTime(), sampledAt });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    try {
      await waitForValue(async () => {
        const statuses = await Promise.all(keys.map((key, index) => statusOf(index % 2 ? first : second, key)));
        return statuses.every((status) => status === 'EXPIRED');
      }, 'every session to expire');
      // Let a few more sweeps pass over the expired sessions.
      await moreSweeps(first, 3);
    } finally {
      sampling = false;
      await sampler;
    }

    expect(seen.length).toBeGreaterThan(5);
    const distinct = new Set(seen.map((sample) => sample.holder));
    expect(distinct.size).toBe(1);
    expect(holders.has([...distinct][0] as string)).toBe(true);
    // The holder keeps renewing: the lease never ran out while it was watched.
    for (const sample of seen) expect(sample.expiresAt).toBeGreaterThan(sample.sampledAt);

    await expectLoggedOnce(first, wave);

    // Both instances replay the same log, with one SESSION:EXPIRED per session.
    const [fromFirst, fromSecond] = [await replayExpiries(first, wave.size), await replayExpiries(second, wave.size)];
    for (const replayed of [fromFirst, fromSecond]) {
      const expired = replayed.filter((event) => event.event === 'SESSION:EXPIRED');
      expect(expired.map((event) => event.sessionKey).sort()).toEqual([...wave.keys()].sort());
      for (const event of expired) expect(event.payload).toMatchObject({ session_key: event.sessionKey, status: 'EXPIRED' });
    }
    expect(fromSecond.map((event) => [event.id, event.event, event.sessionKey])).toEqual(fromFirst.map((event) => [event.id, event.event, event.sessionKey]));
  }, 60_000);

  it('refuses the lease to anyone but its holder while it runs', async () => {
    const holder = (await leases(first).findOne({ _id: LEASE }))?.holder as string;
    const [holding, other] = holder === holderOf(first) ? [first, second] : [second, first];
    expect(holder).toBe(holderOf(holding));
    const store = other.app.services.stores.leases;
    const now = new Date();
    // The other sweeper and an outsider both fail to take it; the stored holder is unchanged.
    expect(await store.acquire(LEASE, holderOf(other), now, 60_000)).toBe(false);
    expect(await store.acquire(LEASE, 'intruder', now, 60_000)).toBe(false);
    // Releasing someone else's lease does nothing.
    await store.release(LEASE, 'intruder');
    await store.release(LEASE, holderOf(other));
    const after = await leases(first).findOne({ _id: LEASE });
    expect(after?.holder).toBe(holder);
    // The holder's own renewal goes through and keeps it.
    expect(await holding.app.services.stores.leases.acquire(LEASE, holder, new Date(), 10_000)).toBe(true);
    expect((await leases(second).findOne({ _id: LEASE }))?.holder).toBe(holder);
  });

  it('hands the lease over when the holder stops, and the other instance expires new sessions exactly once', async () => {
    const holder = (await leases(first).findOne({ _id: LEASE }))?.holder as string;
    const [holding, remaining] = holder === holderOf(first) ? [first, second] : [second, first];
    const remainingHolder = holderOf(remaining);
    // Stop the holder's app without dropping the shared database: stopping releases the lease.
    stopped.add(holding);
    await holding.app.stop();
    const afterStop = await leases(remaining).findOne({ _id: LEASE });
    expect(afterStop === null || afterStop.holder === remainingHolder).toBe(true);

    const photo = await makeScene({ seed: 9302 });
    const kinds: Kind[] = ['IDLE', 'STARTED', 'PROCESS'];
    const secondWave = new Map<string, Kind>();
    for (const kind of kinds) secondWave.set(await sessionIn(remaining, kind, photo), kind);
    await idleOut(remaining, [...secondWave.keys()]);
    await waitForValue(async () => {
      const statuses = await Promise.all([...secondWave.keys()].map((key) => statusOf(remaining, key)));
      return statuses.every((status) => status === 'EXPIRED');
    }, 'the second wave to expire');
    expect((await leases(remaining).findOne({ _id: LEASE }))?.holder).toBe(remainingHolder);

    await expectLoggedOnce(remaining, secondWave);
    // The first wave was not expired again by the new holder.
    await expectLoggedOnce(remaining, wave);
    const replayed = await replayExpiries(remaining, wave.size + secondWave.size);
    const expired = replayed.filter((event) => event.event === 'SESSION:EXPIRED').map((event) => event.sessionKey);
    expect(expired.sort()).toEqual([...wave.keys(), ...secondWave.keys()].sort());
  }, 60_000);
});
