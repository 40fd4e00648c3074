// The event log's head hint (the last number per account, read by other instances and after a restart) is written
// at most once a second per account, yet always catches up with the last number appended.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { EventStore } from '../../src/store/events.js';

let client: MongoClient;
let db: Db;
const headWrites: CommandStartedEvent[] = [];

beforeAll(async () => {
  client = await MongoClient.connect(inject('mongoUrl'), { monitorCommands: true });
  client.on('commandStarted', (event) => {
    if (event.commandName === 'update' && (event.command as { update?: string }).update === 'event_heads') headWrites.push(event);
  });
  db = client.db(uniqueDatabaseName('event_heads'));
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

describe('the head hint', () => {
  it('is written once for a burst of appends, with the burst’s last number', async () => {
    const store = new EventStore(db);
    await store.ensureIndexes();
    const apiKey = 'hint-account';
    let last = 0;
    const started = Date.now();
    for (let index = 0; index < 20; index += 1) {
      last = (
        await store.append({
          apiKey: apiKey,
          callbackKey: apiKey,
          sessionKey: 'S',
          event: 'SESSION:NOTE_INSERT',
          payload: { index },
          createdAt: new Date(),
        })
      ).seq;
    }
    const burstMs = Date.now() - started;
    const head = () => db.collection<{ _id: string; seq: number }>('event_heads').findOne({ _id: apiKey });
    await expect.poll(async () => (await head())?.seq, { timeout: 5_000 }).toBe(last);
    // One write at the first append, then one per second at most while the burst lasted.
    expect(headWrites.length).toBeLessThanOrEqual(2 + Math.floor(burstMs / 1_000));
  });
});
