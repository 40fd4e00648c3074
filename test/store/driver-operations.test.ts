// Exactly the driver operations the stores rely on, run against whatever MONGODB_URL names (the embedded server in
// the suite; `MONGODB_URL=mongodb://... npx vitest run test/store/driver-operations.test.ts` for a real MongoDB).
// What only a real MongoDB can show is in mongodb-only.test.ts.
// Two MongoClients stand for two instances of the service on one database. Each case is a guarantee a store builds
// on: a conditional update is a compare-and-set, a batch claim gives every delivery to exactly one worker, a unique
// violation is recognised, TTL indexes are created as asked, and two event stores never hand out one number twice.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { createStores, ensureIndexes, type Stores } from '../../src/store/stores.js';
import { isDuplicateKeyError, openDatabase } from '../../src/store/database.js';
import type { NewAccount } from '../../src/domain/account.js';
import { createLogger } from '../../src/logger.js';
import { EventStore } from '../../src/store/events.js';
import { existingIndexes } from '../../src/store/indexes.js';
import type { Delivery } from '../../src/domain/delivery.js';
import type { Callback } from '../../src/domain/callback.js';
import { newDelivery } from '../../src/webhooks/outbox.js';
import { InspectionSessionStore, type SessionCondition } from '../../src/store/inspection-sessions.js';
import { sessionRecord } from '../support/session-records.js';

const clients: MongoClient[] = [];
let dbName: string;
let one: Db;
let two: Db;
let storesOne: Stores;
let storesTwo: Stores;

beforeAll(async () => {
  dbName = uniqueDatabaseName('driver_ops');
  for (let index = 0; index < 2; index += 1) clients.push(await MongoClient.connect(inject('mongoUrl')));
  [one, two] = clients.map((client) => client.db(dbName)) as [Db, Db];
  storesOne = createStores(one);
  storesTwo = createStores(two);
  await ensureIndexes(storesOne);
});

afterAll(async () => {
  await one?.dropDatabase().catch(() => undefined);
  for (const client of clients) await client.close();
});

/** A new account as the store takes it, with the settings a new account gets. */
function newAccount(username: string, apiKey: string, apiSecret: string, now: Date): NewAccount {
  return {
    username,
    apiKey,
    apiSecret,
    previousSecret: null,
    expirationHours: 72,
    defaultTheme: 'PRO',
    redirectUrl: null,
    reviewMode: 'manual',
    displayName: 'Driver test',
    brandColor: null,
    defaultLanguage: 'en',
    notificationEmails: [],
    logo: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A delivery of a note event to a receiver, due since a second before `now`, as the outbox makes one. */
function delivery(id: string, now: Date): Delivery {
  const callback: Callback = {
    apiKey: 'driver-key',
    event: 'SESSION:NOTE_INSERT',
    url: 'https://example.com/hook',
    method: 'POST',
    headers: {},
    payload: {},
    secrets: [],
    active: true,
    disabledReason: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  };
  return newDelivery({ id, callback, eventSeq: 1, sessionKey: 'S', payload: {}, test: false, now: new Date(now.getTime() - 1_000) });
}

describe('conditional updates', () => {
  it('a status compare-and-set (updateOne on status, then a read) lets exactly one of many concurrent writers win', async () => {
    await storesOne.sessions.insert(sessionRecord('CAS-1', 'IDLE', 'driver-key'));
    const attempts = Array.from({ length: 12 }, (_, index) =>
      (index % 2 ? storesTwo : storesOne).sessions.updateIfStatus('CAS-1', ['IDLE'], {
        status: 'STARTED',
        updatedAt: new Date(),
        language: `writer-${index}`,
      }),
    );
    const outcomes = await Promise.all(attempts);
    const winners = outcomes.filter((outcome) => outcome !== null);
    expect(winners).toHaveLength(1);
    const stored = await storesTwo.sessions.findByKey('CAS-1');
    expect(stored?.status).toBe('STARTED');
    expect(stored?.language).toBe(winners[0]?.language);
    // A conditional delete on the wrong status removes nothing.
    expect(await storesOne.sessions.deleteIfStatus('driver-key', 'CAS-1', 'IDLE')).toBe(false);
    expect(await storesOne.sessions.deleteIfStatus('driver-key', 'CAS-1', 'STARTED')).toBe(true);
  });

  // MongoDB's findOneAndUpdate is the one-command compare-and-set the service uses there (ServerTraits.atomicFindAndModify);
  // the embedded server does not isolate it, so only its answers are checked there.
  it('a status compare-and-set through findOneAndUpdate returns the session as written, or null on another status', async () => {
    const atomic = new InspectionSessionStore(one, { atomicFindAndModify: true });
    await storesOne.sessions.insert(sessionRecord('CAS-2', 'IDLE', 'driver-key'));
    const at = new Date();
    const moved = await atomic.updateIfStatus('CAS-2', ['IDLE'], { status: 'STARTED', updatedAt: at, language: 'es' });
    expect(moved).toMatchObject({ key: 'CAS-2', status: 'STARTED', language: 'es', updatedAt: at, lastActivityAt: at });
    expect(await atomic.updateIfStatus('CAS-2', ['IDLE'], { status: 'STARTED', updatedAt: new Date() })).toBeNull();
    expect(await atomic.updateIfStatus('CAS-2', ['STARTED'], { language: 'fr' }, { apiKey: 'another-key' })).toBeNull();
    expect((await storesTwo.sessions.findByKey('CAS-2'))?.language).toBe('es');
  });

  it('holds to each further condition: the review reopened or not, the revision begun, no review pending, the damages version', async () => {
    await storesOne.sessions.insert({
      ...sessionRecord('CAS-3', 'COMPLETE', 'driver-key'),
      reviewReopened: { reason: 'typo', by: 'inspector', at: new Date() },
      revisionStarted: 'begun',
      reviewPending: true,
    });
    const write = (condition: SessionCondition) => storesTwo.sessions.updateIfStatus('CAS-3', ['COMPLETE'], { language: 'fr' }, condition);
    expect(await write({ reviewReopened: false })).toBeNull();
    expect(await write({ revisionStarted: null })).toBeNull();
    expect(await write({ reviewNotPending: true })).toBeNull();
    expect(await write({ damagesVersion: 'another' })).toBeNull();
    expect((await storesTwo.sessions.findByKey('CAS-3'))?.language).toBeNull();
    expect(await write({ reviewReopened: true, revisionStarted: 'begun', damagesVersion: 'v0' })).toMatchObject({ language: 'fr' });
  });

  it('is used where the server is MongoDB, never on the embedded server (recognised even through MONGODB_URL)', async () => {
    const database = await openDatabase({ url: inject('mongoUrl'), dbName, logger: createLogger('silent'), monitorCommands: false });
    try {
      expect(database.server).toEqual({ atomicFindAndModify: Boolean(process.env.MONGODB_URL), uniqueIndexes: Boolean(process.env.MONGODB_URL) });
    } finally {
      await database.close();
    }
  });

  it('a lease (conditional updateOne, else a unique insert) goes to one contender, free or run out', async () => {
    for (const expired of [false, true]) {
      const name = `lease-${expired}`;
      if (expired)
        await one
          .collection<{ _id: string; holder: string; expires_at: Date }>('leases')
          .insertOne({ _id: name, holder: 'gone', expires_at: new Date(Date.now() - 1) });
      const now = new Date();
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? storesTwo : storesOne).leases.acquire(name, `holder-${index}`, now, 60_000)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    }
  });

  it('findOneAndUpdate with returnDocument "after" returns the account as written (secret rotation)', async () => {
    const now = new Date();
    await storesOne.accounts.insert(newAccount('rotating', 'rotating-key', 'old', now));
    const rotated = await storesTwo.accounts.replaceSecret('rotating', 'new', { secret: 'old', expiresAt: now }, now);
    expect(rotated?.apiSecret).toBe('new');
    expect(rotated?.previousSecret).toEqual({ secret: 'old', expiresAt: now });
    expect(await storesTwo.accounts.replaceSecret('nobody', 'x', null, now)).toBeNull();
  });
});

/** A stored delivery's TTL date, read straight from the database: the store's records do not carry it. */
async function purgeDate(id: string): Promise<Date | undefined> {
  const stored = await one.collection<{ _id: string; purge_at?: Date }>('deliveries').findOne({ _id: id });
  return stored?.purge_at;
}

describe('the batch claim of deliveries', () => {
  it('gives every due delivery to exactly one of two workers racing on two connections', async () => {
    const now = new Date();
    const ids = Array.from({ length: 60 }, (_, index) => `claim-${String(index).padStart(2, '0')}`);
    for (const id of ids) expect(await storesOne.deliveries.insert(delivery(id, now))).toBe('inserted');
    const claimedBy = new Map<string, string[]>();
    const worker = async (stores: Stores, name: string) => {
      for (let round = 0; round < 40; round += 1) {
        const owner = `${name}-${round}`;
        const candidates = await stores.deliveries.dueCandidates(new Date(), 8);
        if (candidates.length === 0) return;
        for (const claimed of await stores.deliveries.claimDue(candidates, owner, new Date(), 60_000)) {
          expect(claimed.leaseOwner).toBe(owner);
          expect(claimed.status).toBe('delivering');
          claimedBy.set(claimed.id, [...(claimedBy.get(claimed.id) ?? []), owner]);
        }
      }
    };
    await Promise.all([worker(storesOne, 'a'), worker(storesTwo, 'b'), worker(storesOne, 'c'), worker(storesTwo, 'd')]);
    expect([...claimedBy.keys()].sort()).toEqual(ids);
    for (const [id, owners] of claimedBy) expect(owners, id).toHaveLength(1);
    // Nothing is due any more: every one is leased.
    expect(await storesTwo.deliveries.dueCandidates(new Date(), 100)).toEqual([]);
  });

  it('settles by the lease token only ($set and $inc), and requeues by compare-and-set ($unset)', async () => {
    const now = new Date();
    for (const id of ['settle-ok', 'settle-retry', 'settle-fail']) await storesOne.deliveries.insert(delivery(id, now));
    const candidates = (await storesOne.deliveries.dueCandidates(new Date(), 100)).filter((candidate) => candidate.id.startsWith('settle-'));
    const claimed = await storesOne.deliveries.claimDue(candidates, 'owner-1', new Date(), 60_000);
    expect(claimed).toHaveLength(3);
    // A settlement under someone else's token changes nothing.
    await storesTwo.deliveries.settle('settle-ok', 'not-the-owner', { kind: 'succeeded', statusCode: 204 });
    expect((await storesTwo.deliveries.findForAccount('driver-key', 'settle-ok'))?.status).toBe('delivering');
    const later = new Date(Date.now() + 60_000);
    await Promise.all([
      storesTwo.deliveries.settle('settle-ok', 'owner-1', { kind: 'succeeded', statusCode: 204 }),
      storesTwo.deliveries.settle('settle-retry', 'owner-1', { kind: 'retry', nextAttemptAt: later, statusCode: 500, error: 'HTTP 500' }),
      storesTwo.deliveries.settle('settle-fail', 'owner-1', { kind: 'failed', statusCode: 410, error: 'gone', attempted: true }),
    ]);
    const [ok, retry, failed] = await Promise.all(
      ['settle-ok', 'settle-retry', 'settle-fail'].map((id) => storesOne.deliveries.findForAccount('driver-key', id)),
    );
    expect(ok).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 204, leaseOwner: null });
    expect(await purgeDate('settle-ok')).toBeInstanceOf(Date);
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, nextAttemptAt: later });
    expect(await purgeDate('settle-retry')).toBeUndefined();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });

    // Requeue: a stale copy loses, the current one wins once, and the purge date is removed.
    const stale = { ...(failed as Delivery), attempts: 0 };
    expect(await storesTwo.deliveries.requeue(stale, new Date())).toBeNull();
    const requeued = await storesTwo.deliveries.requeue(failed as Delivery, new Date());
    expect(requeued?.status).toBe('pending');
    expect(await storesOne.deliveries.requeue(failed as Delivery, new Date())).toBeNull();
    const stored = await storesOne.deliveries.findForAccount('driver-key', 'settle-fail');
    expect(stored?.status).toBe('pending');
    expect(await purgeDate('settle-fail')).toBeUndefined();
    // A new round of the schedule starts after the attempt already made; what requeue returns is what it stored.
    expect(stored).toMatchObject({ attempts: 1, roundStart: 1, leaseOwner: null, leaseExpiresAt: null });
    expect(requeued).toEqual(stored);

    // Requeueing every failed delivery of a callback starts their new rounds the same way.
    await storesOne.deliveries.insert(delivery('settle-fail-again', now));
    const again = await storesOne.deliveries.claimDue([delivery('settle-fail-again', now)], 'owner-2', new Date(), 60_000);
    expect(again).toHaveLength(1);
    await storesOne.deliveries.settle('settle-fail-again', 'owner-2', { kind: 'failed', statusCode: 500, error: 'HTTP 500', attempted: true });
    expect(await storesTwo.deliveries.requeueFailed('driver-key', ['SESSION:NOTE_INSERT'], now, new Date())).toBe(1);
    expect(await storesOne.deliveries.findForAccount('driver-key', 'settle-fail-again')).toMatchObject({ status: 'pending', attempts: 1, roundStart: 1 });
    expect(await purgeDate('settle-fail-again')).toBeUndefined();
  });
});

describe('unique violations', () => {
  it('are recognised from insertOne, an ordered insertMany, and an upsert', async () => {
    const now = new Date();
    const account = newAccount('unique-user', 'unique-key', 's', now);
    await storesOne.accounts.insert(account);
    const duplicate = await storesTwo.accounts.insert({ ...account, apiKey: 'other-key' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDuplicateKeyError(duplicate)).toBe(true);

    const many = await one
      .collection('unique_many')
      .insertMany([{ _id: 'a' }, { _id: 'b' }, { _id: 'a' }, { _id: 'c' }] as never[], { ordered: true })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDuplicateKeyError(many)).toBe(true);

    // The delivery store's own use of it: a second insert of one id reports a duplicate, never a second delivery.
    expect(await storesOne.deliveries.insert(delivery('unique-delivery', now))).toBe('inserted');
    expect(await storesTwo.deliveries.insert(delivery('unique-delivery', now))).toBe('duplicate');
    expect(await one.collection('deliveries').countDocuments({ _id: 'unique-delivery' } as never)).toBe(1);

    // An upsert that races a unique _id either updates or fails as a duplicate; it never writes two documents.
    const upserts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? two : one)
          .collection<{ _id: string; seq: number }>('unique_upserts')
          .updateOne({ _id: 'head', seq: { $lt: index + 1 } }, { $set: { seq: index + 1 } }, { upsert: true })
          .then(
            () => 'written',
            (error: unknown) => (isDuplicateKeyError(error) ? 'duplicate' : error),
          ),
      ),
    );
    for (const outcome of upserts) expect(['written', 'duplicate']).toContain(outcome);
    expect(await one.collection('unique_upserts').countDocuments({})).toBe(1);
  });
});

describe('TTL indexes', () => {
  it('are created with the delay asked for, and a delete by cutoff removes only what they would', async () => {
    const indexes = async (name: string) => (await one.collection(name).listIndexes().toArray()).filter((index) => index.expireAfterSeconds !== undefined);
    expect(await indexes('access_records')).toEqual([expect.objectContaining({ key: { expiration: 1 }, expireAfterSeconds: 0 })]);
    expect(await indexes('deliveries')).toEqual([expect.objectContaining({ key: { purge_at: 1 }, expireAfterSeconds: 0 })]);
    expect(await indexes('delivery_attempts')).toEqual([expect.objectContaining({ key: { purge_at: 1 }, expireAfterSeconds: 0 })]);
    await one.collection('ttl_probe').createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    expect(await indexes('ttl_probe')).toEqual([expect.objectContaining({ key: { at: 1 }, expireAfterSeconds: 3600 })]);

    const now = Date.now();
    await one.collection('ttl_probe').insertMany([{ at: new Date(now - 7_200_000) }, { at: new Date(now - 60_000) }, { at: 'not a date' }, { other: 1 }]);
    const { deletedCount } = await one.collection('ttl_probe').deleteMany({ at: { $lt: new Date(now - 3_600_000) } });
    expect(deletedCount).toBe(1);
    expect(await one.collection('ttl_probe').countDocuments({})).toBe(3);
  });
});

describe('event numbering', () => {
  it('two event stores appending for one account at once hand out every number exactly once, in order', async () => {
    const apiKey = 'race-account';
    const stores = [new EventStore(one), new EventStore(two)];
    const perStore = 60;
    const appended = await Promise.all(
      stores.map(async (store, storeIndex) => {
        const numbers: number[] = [];
        // Groups of concurrent appends (which the store sends as one insert), one group after another.
        for (let group = 0; group < perStore / 6; group += 1) {
          const events = await Promise.all(
            Array.from({ length: 6 }, (_, index) =>
              store.append({
                apiKey: apiKey,
                callbackKey: apiKey,
                sessionKey: `S${storeIndex}`,
                event: 'SESSION:NOTE_INSERT',
                payload: { n: group * 6 + index },
                createdAt: new Date(),
              }),
            ),
          );
          numbers.push(...events.map((event) => event.seq));
        }
        return numbers;
      }),
    );
    const all = appended.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: perStore * 2 }, (_, index) => index + 1));
    // Each store's own events carry increasing numbers in the order it appended them.
    for (const numbers of appended) expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    const stored = await one.collection('events').find({ api_key: apiKey }).sort({ seq: 1 }).toArray();
    expect(stored.map((event) => event.seq)).toEqual(all);
    // The shared head hint catches up with the last number (it is written without being waited for).
    await expect
      .poll(async () => (await one.collection<{ _id: string; seq: number }>('event_heads').findOne({ _id: apiKey }))?.seq, { timeout: 10_000 })
      .toBe(perStore * 2);
  }, 60_000);
});

describe('the session search', () => {
  it('matches words case-insensitively inside an array, treats an absent test flag as live, pages by (created_at, key), projects nested fields', async () => {
    const base = Date.parse('2026-11-01T00:00:00Z');
    const keys = ['SRC-AAAAAAAAA1', 'SRC-AAAAAAAAA2', 'SRC-AAAAAAAAA3', 'SRC-AAAAAAAAA4'];
    for (const [index, key] of keys.entries()) {
      const created = new Date(base + (index < 2 ? 0 : index) * 60_000);
      await storesOne.sessions.insert({
        ...sessionRecord(key, 'IDLE', 'driver-key'),
        apiKey: 'search-key',
        createdAt: created,
        searchTerms: [key, index === 1 ? 'Dana Buyer' : 'someone', '15550100199'],
        results: { inspection: { grade: index, total_damages: 2 }, photos: ['left out'] },
        ...(index === 3 ? { test: true } : {}),
      });
    }
    const filters = {
      statuses: ['IDLE' as const],
      awaitingReview: false,
      createdFrom: new Date(base),
      createdBefore: null,
      updatedSince: null,
      test: false,
      limit: 1,
      after: null,
    };
    const found = await storesTwo.sessions.search('search-key', { ...filters, text: { words: 'dANA b', digits: null } });
    expect(found.map((row) => row.key)).toEqual(['SRC-AAAAAAAAA2']);
    expect((await storesTwo.sessions.search('search-key', { ...filters, limit: 10, text: { words: '555', digits: null } })).map((row) => row.key)).toEqual([
      'SRC-AAAAAAAAA3',
      'SRC-AAAAAAAAA2',
      'SRC-AAAAAAAAA1',
    ]);
    // Two sessions created in the same millisecond: the key breaks the tie, and the cursor resumes between them.
    const [first, second] = await storesTwo.sessions.search('search-key', { ...filters, limit: 1, text: null });
    expect([first?.key, second?.key]).toEqual(['SRC-AAAAAAAAA3', 'SRC-AAAAAAAAA2']);
    const after = { createdAt: new Date(base), key: 'SRC-AAAAAAAAA2' };
    expect((await storesTwo.sessions.search('search-key', { ...filters, limit: 5, text: null, after })).map((row) => row.key)).toEqual(['SRC-AAAAAAAAA1']);
    expect((await storesTwo.sessions.search('search-key', { ...filters, test: true, limit: 5, text: null })).map((row) => row.key)).toEqual(['SRC-AAAAAAAAA4']);
    // Read in batches, each session as a CSV row needs it.
    const streamed: [unknown, unknown, unknown][] = [];
    const cursor = storesTwo.sessions.exportCursor('search-key', { ...filters, text: null }, 2);
    for await (const row of cursor) streamed.push([row.key, row.status, row.results?.inspection]);
    expect(streamed).toEqual([
      ['SRC-AAAAAAAAA3', 'IDLE', expect.objectContaining({ grade: 2 })],
      ['SRC-AAAAAAAAA2', 'IDLE', expect.objectContaining({ grade: 1 })],
      ['SRC-AAAAAAAAA1', 'IDLE', expect.objectContaining({ grade: 0 })],
    ]);
  });
});

describe('the indexes behind lookups by token', () => {
  // Tokens that each open exactly one thing; the event number is unique through `_id` and stays ordinary everywhere.
  const tokenIndexes = [
    { collection: 'inspection_sessions', name: 'capture_token_hash_1', key: { capture_token_hash: 1 } },
    { collection: 'inspection_sessions', name: 'report_link.token_1', key: { 'report_link.token': 1 } },
    { collection: 'captures', name: 'url_token_1', key: { url_token: 1 } },
  ] as const;
  const eventNumbers = { collection: 'events', name: 'api_key_1_seq_1', key: { api_key: 1, seq: 1 } } as const;
  const indexOf = async (db: Db, collection: string, name: string) => (await existingIndexes(db.collection(collection))).find((index) => index.name === name);

  const withFreshDatabase = async (name: string, check: (db: Db) => Promise<void>) => {
    const fresh = clients[0]?.db(uniqueDatabaseName(name)) as Db;
    try {
      await check(fresh);
    } finally {
      await fresh.dropDatabase().catch(() => undefined);
    }
  };

  it('are ordinary with the plain traits (the embedded server), on a database where no collection exists yet', () =>
    withFreshDatabase('driver_ops_plain', async (fresh) => {
      expect(await existingIndexes(fresh.collection('events'))).toEqual(expect.any(Array));
      await ensureIndexes(createStores(fresh));
      for (const { collection, name, key } of [...tokenIndexes, eventNumbers]) {
        const index = await indexOf(fresh, collection, name);
        expect(index, `${collection}.${name}`).toMatchObject({ key });
        expect(index?.unique, `${collection}.${name}`).toBeFalsy();
      }
    }));

  it('are unique where the server keeps unique indexes (MongoDB), and refuse a second session with the same token', () =>
    withFreshDatabase('driver_ops_unique', async (fresh) => {
      const stores = createStores(fresh, { server: { atomicFindAndModify: false, uniqueIndexes: true } });
      await ensureIndexes(stores);
      for (const { collection, name, key } of tokenIndexes)
        expect(await indexOf(fresh, collection, name), `${collection}.${name}`).toMatchObject({ key, unique: true });
      expect((await indexOf(fresh, eventNumbers.collection, eventNumbers.name))?.unique).toBeFalsy();
      await stores.sessions.insert(sessionRecord('TOK-1', 'IDLE', 'driver-key'));
      const twin = {
        ...sessionRecord('TOK-2', 'IDLE', 'driver-key'),
        captureTokenHash: (await stores.sessions.findByKey('TOK-1'))?.captureTokenHash as string,
      };
      const refused = await stores.sessions.insert(twin).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDuplicateKeyError(refused)).toBe(true);
      // Sessions without a report link (no token field) are not kept apart by the partial index.
      await stores.sessions.insert(sessionRecord('TOK-3', 'IDLE', 'driver-key'));
    }));
});
