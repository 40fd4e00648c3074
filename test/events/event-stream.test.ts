// The replay-to-live switch of sessionEvents, against the real event log and the real bus: events recorded while a
// subscriber is still reading its replay arrive live, once each, and events recorded at the same time are numbered
// without gaps and published in number order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import { Redis } from 'ioredis';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { EventStore } from '../../src/store/events.js';
import { createEventBus, isLiveGap, type EventBus } from '../../src/events/event-bus.js';
import { EventRecorder } from '../../src/events/event-recorder.js';
import { sessionEventStream } from '../../src/events/event-stream.js';

const redisUrl = inject('redisUrl');

describe.each([
  { transport: 'in process', useRedis: false },
  { transport: 'Redis', useRedis: true },
])('event stream ($transport)', ({ useRedis }) => {
  let client: MongoClient;
  let db: Db;
  let store: EventStore;
  let bus: EventBus;
  let recorder: EventRecorder;
  const redisClients: Redis[] = [];
  const redisFailures: unknown[] = [];

  beforeAll(async () => {
    client = await MongoClient.connect(inject('mongoUrl'));
    db = client.db(uniqueDatabaseName('events'));
    store = new EventStore(db);
    await store.ensureIndexes();
    if (useRedis) redisClients.push(new Redis(redisUrl), new Redis(redisUrl, { enableReadyCheck: false }));
    const onFailure = (error: unknown) => redisFailures.push(error);
    bus = createEventBus(useRedis ? { publisher: redisClients[0] as Redis, subscriber: redisClients[1] as Redis, onFailure } : null);
    recorder = new EventRecorder(store, bus);
  });
  afterAll(async () => {
    expect(redisFailures).toEqual([]);
    await Promise.all(redisClients.map((redis) => redis.quit()));
    await db?.dropDatabase().catch(() => undefined);
    await client?.close();
  });

  const note = (apiKey: string, sessionKey: string, title: string) =>
    recorder.record({ apiKey, callbackKey: apiKey, sessionKey, payload: { event: 'SESSION:NOTE_INSERT', session_key: sessionKey, title } });

  it('delivers events recorded during the replay live, with no gap and no duplicate', async () => {
    const apiKey = `key-${Math.random()}`;
    await note(apiKey, 'S1', 'n1');
    await note(apiKey, 'S1', 'n2');
    const stream = sessionEventStream(store, bus, { apiKey, sessionKey: null, afterSeq: 0 });
    const titles: string[] = [];
    const take = async () => {
      const next = await stream.next();
      titles.push(String((next.value as { payload: { title: string } }).payload.title));
    };
    await take(); // n1 replayed; the replay page is read, n2 is still to be yielded
    await note(apiKey, 'S1', 'n3');
    await take();
    await note(apiKey, 'S1', 'n4');
    await take();
    await take();
    await stream.return(undefined);
    expect(titles).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('follows one session only, from its own topic', async () => {
    const apiKey = `key-${Math.random()}`;
    // The stream's live subscription, to wait until it is in place (with Redis: its SUBSCRIBE acknowledged).
    let subscribed: Promise<void> | undefined;
    const watchedBus: EventBus = {
      publish: (message) => bus.publish(message),
      subscribe(key, sessionKey) {
        const live = bus.subscribe(key, sessionKey);
        subscribed = live.ready;
        return live;
      },
    };
    const stream = sessionEventStream(store, watchedBus, { apiKey, sessionKey: 'S2', afterSeq: null });
    const first = stream.next();
    expect(subscribed).toBeDefined();
    await subscribed;
    await note(apiKey, 'S1', 'other session');
    await note(apiKey, 'S2', 'mine');
    expect(((await first).value as { payload: { title: string } }).payload.title).toBe('mine');
    await stream.return(undefined);
  });

  it('numbers events of two instances sharing the database without a gap or a duplicate', async () => {
    const apiKey = `key-${Math.random()}`;
    const other = new EventStore(db);
    const append = (store: EventStore, index: number) =>
      store.append({
        apiKey: apiKey,
        callbackKey: apiKey,
        sessionKey: 'S1',
        event: 'SESSION:NOTE_INSERT',
        payload: { event: 'SESSION:NOTE_INSERT', title: `t${index}` },
        createdAt: new Date(),
      });
    // Both stores learn a head first, so the next round races on the same numbers.
    await Promise.all([append(store, -1), append(other, -2)]);
    const appended = await Promise.all(Array.from({ length: 40 }, (_, index) => append(index % 2 ? store : other, index)));
    const numbers = appended.map((event) => event.seq).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, index) => index + 3));
    const log = await store.listAfter(apiKey, 0, { limit: 100 });
    expect(log.map((event) => event.seq)).toEqual(Array.from({ length: 42 }, (_, index) => index + 1));
    expect(new Set(log.map((event) => event.payload.title)).size).toBe(42);
  });

  it('numbers concurrent events 1..n and publishes them in number order', async () => {
    const apiKey = `key-${Math.random()}`;
    const live = bus.subscribe(apiKey);
    await live.ready;
    const recorded = await Promise.all(Array.from({ length: 40 }, (_, index) => note(apiKey, `S${index % 3}`, `c${index}`)));
    expect(recorded.map((event) => event.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const seen: number[] = [];
    for await (const message of live) {
      if (isLiveGap(message)) continue;
      seen.push(message.seq);
      if (seen.length === 40) break;
    }
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const log = await store.listAfter(apiKey, 0, { limit: 100 });
    expect(log.map((event) => event.seq)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });
});
