// Claim batches are shared between accounts (docs/limits.md): however large one account's backlog in the outbox, a
// batch of due deliveries holds every other account's due ones too, each account's oldest first.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import type { Delivery } from '../../src/domain/delivery.js';
import { DeliveryStore } from '../../src/store/deliveries.js';

const now = new Date('2026-11-23T08:00:00.000Z');
let mongo: MongoClient;
let db: Db;
let store: DeliveryStore;

function due(account: string, index: number, event = 'SESSION:NOTE_INSERT'): Delivery {
  const at = new Date(now.getTime() - 3_600_000 + index * 1_000);
  return {
    id: `${account}-${event}-${String(index).padStart(4, '0')}`,
    apiKey: account,
    event,
    eventSeq: index,
    sessionKey: 'session',
    callbackEvent: event,
    test: false,
    url: 'https://receiver.example/hook',
    method: 'POST',
    headers: {},
    body: '{}',
    status: 'pending',
    attempts: 0,
    roundStart: 0,
    nextAttemptAt: at,
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: at,
    updatedAt: at,
    lastStatusCode: null,
    lastError: null,
  };
}

beforeAll(async () => {
  mongo = new MongoClient(inject('mongoUrl'));
  db = mongo.db(uniqueDatabaseName('claims'));
  store = new DeliveryStore(db, { retentionDays: 1 });
  // Account "flood" fell due first and has 300 deliveries; "quiet" and "late" have a few each, due later.
  const flood = Array.from({ length: 300 }, (_, index) => due('flood', index));
  const others = [due('quiet', 1000), due('quiet', 1001), due('late', 2000, 'SESSION:COMPLETE')];
  await Promise.all([...flood, ...others].map((delivery) => store.insert(delivery)));
});

afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await mongo.close();
});

describe('fairDueCandidates', () => {
  it("puts every account's share ahead of one account's backlog", async () => {
    const batch = await store.fairDueCandidates(now, { limit: 64, perAccount: 16 });
    expect(batch).toHaveLength(64);
    const ids = batch.map((delivery) => delivery.id);
    // The flood's 16 oldest, then the others' (all of them fit their share), then more of the flood, oldest first.
    expect(ids.slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, index) => due('flood', index).id));
    expect(ids.slice(16, 19)).toEqual(['quiet-SESSION:NOTE_INSERT-1000', 'quiet-SESSION:NOTE_INSERT-1001', 'late-SESSION:COMPLETE-2000']);
    expect(ids.slice(19)).toEqual(Array.from({ length: 45 }, (_, index) => due('flood', 16 + index).id));
  });

  it('without contention a batch is as large as before: one account may fill it', async () => {
    const batch = await store.fairDueCandidates(now, { limit: 64, perAccount: 16, excludeAccounts: ['quiet', 'late'] });
    expect(batch.map((delivery) => delivery.id)).toEqual(Array.from({ length: 64 }, (_, index) => due('flood', index).id));
  });

  it('leaves out the accounts and callbacks the worker has no room for', async () => {
    const withoutFlood = await store.fairDueCandidates(now, { limit: 64, perAccount: 16, excludeAccounts: ['flood'] });
    expect(withoutFlood.map((delivery) => delivery.apiKey)).toEqual(['quiet', 'quiet', 'late']);
    const withoutCallback = await store.fairDueCandidates(now, {
      limit: 64,
      perAccount: 16,
      excludeAccounts: ['flood'],
      excludeCallbacks: [{ apiKey: 'late', event: 'SESSION:COMPLETE' }],
    });
    expect(withoutCallback.map((delivery) => delivery.apiKey)).toEqual(['quiet', 'quiet']);
  });

  it('finds accounts hidden behind several large backlogs within its reads', async () => {
    const floods = ['f1', 'f2', 'f3'].flatMap((account, rank) => Array.from({ length: 80 }, (_, index) => due(account, rank * 100 + index)));
    const dbName = uniqueDatabaseName('claims');
    const other = mongo.db(dbName);
    try {
      const otherStore = new DeliveryStore(other, { retentionDays: 1 });
      await Promise.all([...floods, due('victim', 300)].map((delivery) => otherStore.insert(delivery)));
      const batch = await otherStore.fairDueCandidates(now, { limit: 64, perAccount: 8 });
      expect(batch.map((delivery) => delivery.apiKey).slice(0, 25)).toEqual([...Array(8).fill('f1'), ...Array(8).fill('f2'), ...Array(8).fill('f3'), 'victim']);
    } finally {
      await other.dropDatabase().catch(() => undefined);
    }
  });
});
