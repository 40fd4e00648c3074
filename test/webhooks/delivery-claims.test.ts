// Claim batches are shared between accounts (docs/limits.md): however large one account's backlog in the outbox, a
// batch of due deliveries holds every other account's due ones too, each account's oldest first.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { DeliveryStore, type DeliveryDocument } from '../../src/store/deliveries.js';

const now = new Date('2026-11-23T08:00:00.000Z');
let mongo: MongoClient;
let db: Db;
let store: DeliveryStore;

function due(account: string, index: number, event = 'SESSION:NOTE_INSERT'): DeliveryDocument {
  const at = new Date(now.getTime() - 3_600_000 + index * 1_000);
  return {
    _id: `${account}-${event}-${String(index).padStart(4, '0')}`,
    api_key: account,
    event,
    event_seq: index,
    session_key: 'session',
    callback_event: event,
    test: false,
    url: 'https://receiver.example/hook',
    method: 'POST',
    headers: {},
    body: '{}',
    status: 'pending',
    attempts: 0,
    round_start: 0,
    next_attempt_at: at,
    lease_owner: null,
    lease_expires_at: null,
    created_at: at,
    updated_at: at,
    last_status_code: null,
    last_error: null,
  };
}

beforeAll(async () => {
  mongo = new MongoClient(inject('mongoUrl'));
  db = mongo.db(uniqueDatabaseName('claims'));
  store = new DeliveryStore(db, { retentionDays: 1 });
  // Account "flood" fell due first and has 300 deliveries; "quiet" and "late" have a few each, due later.
  const flood = Array.from({ length: 300 }, (_, index) => due('flood', index));
  const others = [due('quiet', 1000), due('quiet', 1001), due('late', 2000, 'SESSION:COMPLETE')];
  await db.collection<DeliveryDocument>('deliveries').insertMany([...flood, ...others]);
});

afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await mongo.close();
});

describe('fairDueCandidates', () => {
  it("puts every account's share ahead of one account's backlog", async () => {
    const batch = await store.fairDueCandidates(now, { limit: 64, perAccount: 16 });
    expect(batch).toHaveLength(64);
    const ids = batch.map((delivery) => delivery._id);
    // The flood's 16 oldest, then the others' (all of them fit their share), then more of the flood, oldest first.
    expect(ids.slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, index) => due('flood', index)._id));
    expect(ids.slice(16, 19)).toEqual(['quiet-SESSION:NOTE_INSERT-1000', 'quiet-SESSION:NOTE_INSERT-1001', 'late-SESSION:COMPLETE-2000']);
    expect(ids.slice(19)).toEqual(Array.from({ length: 45 }, (_, index) => due('flood', 16 + index)._id));
  });

  it('without contention a batch is as large as before: one account may fill it', async () => {
    const batch = await store.fairDueCandidates(now, { limit: 64, perAccount: 16, excludeAccounts: ['quiet', 'late'] });
    expect(batch.map((delivery) => delivery._id)).toEqual(Array.from({ length: 64 }, (_, index) => due('flood', index)._id));
  });

  it('leaves out the accounts and callbacks the worker has no room for', async () => {
    const withoutFlood = await store.fairDueCandidates(now, { limit: 64, perAccount: 16, excludeAccounts: ['flood'] });
    expect(withoutFlood.map((delivery) => delivery.api_key)).toEqual(['quiet', 'quiet', 'late']);
    const withoutCallback = await store.fairDueCandidates(now, {
      limit: 64,
      perAccount: 16,
      excludeAccounts: ['flood'],
      excludeCallbacks: [{ apiKey: 'late', event: 'SESSION:COMPLETE' }],
    });
    expect(withoutCallback.map((delivery) => delivery.api_key)).toEqual(['quiet', 'quiet']);
  });

  it('finds accounts hidden behind several large backlogs within its reads', async () => {
    const floods = ['f1', 'f2', 'f3'].flatMap((account, rank) => Array.from({ length: 80 }, (_, index) => due(account, rank * 100 + index)));
    const dbName = uniqueDatabaseName('claims');
    const other = mongo.db(dbName);
    try {
      await other.collection<DeliveryDocument>('deliveries').insertMany([...floods, due('victim', 300)]);
      const batch = await new DeliveryStore(other, { retentionDays: 1 }).fairDueCandidates(now, { limit: 64, perAccount: 8 });
      expect(batch.map((delivery) => delivery.api_key).slice(0, 25)).toEqual([
        ...Array(8).fill('f1'),
        ...Array(8).fill('f2'),
        ...Array(8).fill('f3'),
        'victim',
      ]);
    } finally {
      await other.dropDatabase().catch(() => undefined);
    }
  });
});
