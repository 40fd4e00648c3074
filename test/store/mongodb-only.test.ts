// What only a real MongoDB can show, so this file runs only when MONGODB_URL names one (vitest.config.ts leaves it
// out otherwise):
//
//   MONGODB_URL=mongodb://localhost:27017 npx vitest run test/store/mongodb-only.test.ts
//
// The embedded test server's findOneAndUpdate is not atomic, so the compare-and-set the stores use on MongoDB
// (ServerTraits.atomicFindAndModify) is raced here; and the embedded server starts empty every time and has no
// dropIndexes, so only MongoDB can hold an index an earlier version left behind.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { createStores, ensureIndexes } from '../../src/store/stores.js';
import { existingIndexes } from '../../src/store/indexes.js';
import { InspectionSessionStore } from '../../src/store/inspection-sessions.js';
import { sessionRecord } from '../support/session-records.js';

const clients: MongoClient[] = [];
let one: Db;
let two: Db;

beforeAll(async () => {
  const dbName = uniqueDatabaseName('mongodb_only');
  for (let index = 0; index < 2; index += 1) clients.push(await MongoClient.connect(inject('mongoUrl')));
  [one, two] = clients.map((client) => client.db(dbName)) as [Db, Db];
  await ensureIndexes(createStores(one));
});

afterAll(async () => {
  await one?.dropDatabase().catch(() => undefined);
  for (const client of clients) await client.close();
});

describe('conditional updates on MongoDB', () => {
  it('a findOneAndUpdate compare-and-set lets exactly one of many concurrent writers win', async () => {
    const writers = [one, two].map((db) => new InspectionSessionStore(db, { atomicFindAndModify: true }));
    await createStores(one).sessions.insert(sessionRecord('CAS-3', 'IDLE', 'mongodb-only-key'));
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (writers[index % 2] as InspectionSessionStore).updateIfStatus('CAS-3', ['IDLE'], {
          status: 'STARTED',
          updatedAt: new Date(),
          language: `writer-${index}`,
        }),
      ),
    );
    const winners = outcomes.filter((outcome) => outcome !== null);
    expect(winners).toHaveLength(1);
    expect((await createStores(two).sessions.findByKey('CAS-3'))?.language).toBe(winners[0]?.language);
  });
});

describe('an index whose uniqueness changed between versions', () => {
  // The token lookups are unique on MongoDB (an earlier version made them ordinary); the event number is unique
  // through `_id`, and its index is ordinary (an earlier version made it unique).
  const madeUnique = [
    { collection: 'inspection_sessions', name: 'capture_token_hash_1', key: { capture_token_hash: 1 }, options: {} },
    { collection: 'captures', name: 'url_token_1', key: { url_token: 1 }, options: { partialFilterExpression: { url_token: { $type: 'string' } } } },
  ] as const;
  const madeOrdinary = { collection: 'events', name: 'api_key_1_seq_1', key: { api_key: 1, seq: 1 } } as const;
  const indexOf = async (db: Db, collection: string, name: string) => (await existingIndexes(db.collection(collection))).find((index) => index.name === name);

  it('is replaced once by the version the deployment now runs', async () => {
    const legacy = clients[0]?.db(uniqueDatabaseName('mongodb_only_legacy')) as Db;
    try {
      for (const { collection, key, options } of madeUnique) await legacy.collection(collection).createIndex(key, options);
      await legacy.collection(madeOrdinary.collection).createIndex(madeOrdinary.key, { unique: true });
      await ensureIndexes(createStores(legacy, { server: { atomicFindAndModify: true, uniqueIndexes: true } }));
      for (const { collection, name } of madeUnique) expect((await indexOf(legacy, collection, name))?.unique, `${collection}.${name}`).toBe(true);
      expect((await indexOf(legacy, madeOrdinary.collection, madeOrdinary.name))?.unique).toBeFalsy();
    } finally {
      await legacy.dropDatabase();
    }
  });
});
