// The retention sweeper (docs/capture.md) on the suite's database, which has no TTL of its own: two instances share one
// database and the 'retention-sweeper' lease, one of them at a time deletes expired access records, and finished
// deliveries and attempts past retention go while pending deliveries and live records stay. A last check keeps the
// list of swept collections in step with every TTL index the stores create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Db } from 'mongodb';
import { apiRequest, startTestServer, uniqueDatabaseName, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { createStores, ensureIndexes } from '../../src/store/stores.js';
import { RETAINED_COLLECTIONS, RetentionSweeper } from '../../src/maintenance/retention-sweeper.js';
import { createLogger } from '../../src/logger.js';

const LEASE = 'retention-sweeper';
const SWEEP_INTERVAL_MS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

let first: TestServer;
let second: TestServer;
const stopped = new Set<TestServer>();
let account: TestAccount;
let receiver: Receiver;
let failing: Receiver;

beforeAll(async () => {
  const environment = { MONGODB_DB: uniqueDatabaseName('retention'), RETENTION_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS) };
  first = await startTestServer(environment);
  second = await startTestServer(environment);
  account = await first.createAccount();
  receiver = await startReceiver();
  failing = await startReceiver((_request, response) => response.writeHead(500).end());
}, 60_000);

afterAll(async () => {
  for (const server of [second, first]) if (server && !stopped.has(server)) await server.stop();
  await receiver?.close();
  await failing?.close();
});

const db = (): Db => first.app.database.db;
const leases = (): Collection<{ _id: string; holder: string; expires_at: Date }> => db().collection('leases');

/** Issues an access record (GET /v1/sessions) whose 300 s validity, counted from the signed timestamp, ends in `endsInMs`. */
async function accessRecordEndingIn(server: TestServer, endsInMs: number): Promise<string> {
  const signedAt = new Date(Date.now() - 300_000 + endsInMs);
  const response = await apiRequest(server.baseUrl, account, 'GET', '/v1/sessions', undefined, signRequestHeaders(account, signedAt));
  expect(response.status).toBe(200);
  return response.body.session_id as string;
}

async function waitUntil(predicate: () => Promise<boolean>, label: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('retention sweeping on two instances', () => {
  it('deletes expired access records on the embedded database, one instance holding the lease', async () => {
    const holders = new Set([first.app.services.retention.holder, second.app.services.retention.holder]);
    expect(holders.size).toBe(2);
    // Seconds of validity left, so that a loaded machine still signs and answers them in time.
    const expiring = await Promise.all([accessRecordEndingIn(first, 4_000), accessRecordEndingIn(second, 4_000)]);
    const lasting = await accessRecordEndingIn(first, 200_000);
    const records = db().collection('access_records');
    expect(await records.countDocuments({ _id: { $in: [...expiring, lasting] } as never })).toBe(3);

    const seen: string[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const documents = await leases().find({ _id: LEASE }).toArray();
        expect(documents).toHaveLength(1);
        seen.push((documents[0] as { holder: string }).holder);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await waitUntil(async () => (await records.countDocuments({ _id: { $in: expiring } as never })) === 0, 'the expired access records to go');
      // Enough samples to say something, however slowly a loaded machine answers them.
      await waitUntil(async () => seen.length > 5, 'more samples of the lease');
    } finally {
      sampling = false;
      await sampler;
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(1);
    expect(holders.has(seen[0] as string)).toBe(true);
    // A record still valid stays, and still authenticates.
    expect(await records.countDocuments({ _id: lasting as never })).toBe(1);
  }, 60_000);

  it('hands the lease over when its holder stops, and the other instance keeps sweeping', async () => {
    const holder = (await leases().findOne({ _id: LEASE }))?.holder;
    const [holding, remaining] = holder === first.app.services.retention.holder ? [first, second] : [second, first];
    expect(holder).toBe(holding.app.services.retention.holder);
    stopped.add(holding);
    await holding.app.stop();
    const expiring = await accessRecordEndingIn(remaining, 1_000);
    const records = remaining.app.database.db.collection('access_records');
    await waitUntil(async () => (await records.countDocuments({ _id: expiring as never })) === 0, 'the other instance to sweep');
    expect((await remaining.app.database.db.collection('leases').findOne({ _id: LEASE as never }))?.holder).toBe(remaining.app.services.retention.holder);
  }, 60_000);

  it('deletes finished deliveries and their attempts once retention has passed, never a pending delivery', async () => {
    const server = stopped.has(first) ? second : first;
    const database = server.app.database.db;
    const deliveries = database.collection<{ _id: string; status: string; api_key: string; purge_at?: Date }>('deliveries');
    const attempts = database.collection('delivery_attempts');
    // One account's receiver answers; another's keeps failing, so its delivery waits pending for a retry.
    const other = await server.createAccount();
    for (const [owner, target] of [
      [account, receiver],
      [other, failing],
    ] as const) {
      expect((await apiRequest(server.baseUrl, owner, 'POST', '/v1/callbacks', { event: 'SESSION:NOTE_INSERT', url: `${target.origin}/hook` })).status).toBe(
        200,
      );
      const created = await apiRequest(server.baseUrl, owner, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
      const note = await apiRequest(server.baseUrl, owner, 'POST', `/v1/sessions/${created.body.session_key as string}/notes`, {
        title: 'scratch',
        description: 'left door',
      });
      expect(note.status).toBeLessThan(300);
    }
    await waitUntil(async () => (await deliveries.countDocuments({ api_key: account.apiKey, status: 'succeeded' })) === 1, 'the delivery to succeed');
    await waitUntil(
      async () => (await deliveries.countDocuments({ api_key: other.apiKey, status: 'pending', attempts: { $gte: 1 } } as never)) === 1,
      'the failing delivery to wait for its retry',
    );
    const succeeded = (await deliveries.findOne({ api_key: account.apiKey })) as { _id: string; purge_at?: Date };
    expect(succeeded.purge_at).toBeInstanceOf(Date);
    expect(await attempts.countDocuments({ delivery_id: succeeded._id })).toBe(1);
    const pendingBefore = await deliveries.countDocuments({ status: 'pending' });
    expect(pendingBefore).toBeGreaterThanOrEqual(1);

    // The instance's own sweeper, at today's date, leaves everything inside retention alone.
    expect(await server.app.services.retention.runOnce()).toEqual({});
    expect(await deliveries.countDocuments({ _id: succeeded._id })).toBe(1);

    // A sweeper whose clock has moved past the 30 days of retention (runs last: it takes the lease far ahead).
    await server.app.services.retention.stop();
    const later = new RetentionSweeper({
      db: database,
      leases: server.app.services.stores.leases,
      logger: createLogger('silent'),
      intervalMs: 60_000,
      clock: () => new Date(Date.now() + 31 * DAY_MS),
    });
    const pass = await later.runOnce();
    expect(pass.deliveries).toBeGreaterThanOrEqual(1);
    expect(pass.delivery_attempts).toBeGreaterThanOrEqual(1);
    expect(await deliveries.countDocuments({ _id: succeeded._id })).toBe(0);
    expect(await attempts.countDocuments({ delivery_id: succeeded._id })).toBe(0);
    expect(await deliveries.countDocuments({ status: 'pending' })).toBe(pendingBefore);
    await later.stop();
  }, 60_000);
});

describe('the swept collections', () => {
  it('include every collection on which a store creates a TTL index, with the rules the indexes carry', async () => {
    const live = stopped.has(first) ? second : first;
    const database = live.app.database.db.client.db(uniqueDatabaseName('retention_rules'));
    const ttlCollections = new Set<string>();
    // Records each TTL index the stores ask for, and creates it for real.
    const recording = new Proxy(database, {
      get(target, property, receiverObject) {
        if (property !== 'collection') return Reflect.get(target, property, receiverObject);
        return (name: string) => {
          const collection = target.collection(name);
          return new Proxy(collection, {
            get(inner, innerProperty, innerReceiver) {
              if (innerProperty !== 'createIndex') return Reflect.get(inner, innerProperty, innerReceiver);
              return (keys: unknown, options?: { expireAfterSeconds?: number }) => {
                if (options?.expireAfterSeconds !== undefined) ttlCollections.add(name);
                return inner.createIndex(keys as never, options);
              };
            },
          });
        };
      },
    }) as Db;
    try {
      await ensureIndexes(createStores(recording));
      expect(ttlCollections.size).toBeGreaterThan(0);
      for (const name of ttlCollections) expect(RETAINED_COLLECTIONS as readonly string[], name).toContain(name);
      const sweeper = new RetentionSweeper({
        db: database,
        leases: createStores(database).leases,
        logger: createLogger('silent'),
        intervalMs: 1_000,
        clock: () => new Date(),
      });
      const rules = await sweeper.rules();
      expect(new Set(rules.map((rule) => rule.collection))).toEqual(ttlCollections);
      expect(rules).toEqual(
        expect.arrayContaining([
          { collection: 'access_records', field: 'expiration', expireAfterSeconds: 0 },
          { collection: 'deliveries', field: 'purge_at', expireAfterSeconds: 0 },
          { collection: 'delivery_attempts', field: 'purge_at', expireAfterSeconds: 0 },
        ]),
      );
    } finally {
      await database.dropDatabase().catch(() => undefined);
    }
  });
});

describe('two sweepers in one process', () => {
  it('only the lease holder deletes; the other passes until the lease is free', async () => {
    const live = stopped.has(first) ? second : first;
    const database = live.app.database.db.client.db(uniqueDatabaseName('retention_pair'));
    try {
      const stores = createStores(database);
      await ensureIndexes(stores);
      const now = new Date();
      const make = () => new RetentionSweeper({ db: database, leases: stores.leases, logger: createLogger('silent'), intervalMs: 60_000, clock: () => now });
      const [a, b] = [make(), make()];
      const records = database.collection<{ _id: string; expiration: Date }>('access_records');
      const expired = (id: string) => ({ _id: id, api_key: 'k', api_token: id, expiration: new Date(now.getTime() - 1), created_at: now });

      await records.insertOne(expired('one'));
      expect(await a.runOnce()).toEqual({ access_records: 1 });
      await records.insertOne(expired('two'));
      expect(await b.runOnce()).toEqual({});
      expect(await records.countDocuments({ _id: 'two' })).toBe(1);
      expect(await a.runOnce()).toEqual({ access_records: 1 });
      // Stopping frees the lease at once.
      await records.insertOne(expired('three'));
      await a.stop();
      expect(await b.runOnce()).toEqual({ access_records: 1 });
      await b.stop();
    } finally {
      await database.dropDatabase().catch(() => undefined);
    }
  });
});
