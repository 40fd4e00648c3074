// Several instances on one database and one Redis against one instance on the same database (docs/benchmarks.md):
// authenticated REST reads per second with the load spread over the instances, and event → subscriber latency with
// subscribers and the notes behind the events spread over them round-robin.
// Run: npx tsx bench/instances.ts
import { pathToFileURL } from 'node:url';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { answers, startRedisServer } from '../test/support/redis-server.js';
import {
  createAccount,
  measureRps,
  percentile,
  round,
  signedHeaders,
  startService,
  type BenchAccount,
  type BenchResult,
  type RunningProcess,
} from './support.js';

const CONNECTIONS = 30;
const ROUNDS = 4;
const SUBSCRIBERS = 90;
const EVENTS_PER_SECOND = 50;
const EVENT_SECONDS = 8;
/** Notes are spread over sessions, as a session holds at most 200. */
const SESSIONS = 4;

async function sharedRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  if (await answers('127.0.0.1', 6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => undefined };
  return startRedisServer();
}

/** Requests per second of all instances together, each taking an equal share of the connections at once. */
async function spreadRps(instances: RunningProcess[], account: BenchAccount): Promise<number> {
  const rates = await Promise.all(
    instances.map((instance) =>
      measureRps({ url: `${instance.url}/v1/callbacks`, headers: signedHeaders(account), connections: Math.ceil(CONNECTIONS / instances.length), seconds: 5 }),
    ),
  );
  return rates.reduce((sum, rate) => sum + rate, 0);
}

/** Milliseconds from each event's timestamp to its arrival at each subscriber, subscribers and notes round-robin. */
async function eventLatencies(instances: RunningProcess[], account: BenchAccount): Promise<{ latencies: number[]; expected: number }> {
  const sessionKeys: string[] = [];
  for (let index = 0; index < SESSIONS; index += 1) {
    const created = await fetch(`${instances[0]?.url}/v1/sessions`, {
      method: 'POST',
      headers: { ...signedHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ session: { theme: 'LITE' } }),
    });
    sessionKeys.push(((await created.json()) as { session_key: string }).session_key);
  }
  const latencies: number[] = [];
  const clients = Array.from({ length: SUBSCRIBERS }, (_, index) =>
    createClient({
      url: `${instances[index % instances.length]?.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: signedHeaders(account),
      retryAttempts: 0,
    }),
  );
  let subscribed = 0;
  const allSubscribed = new Promise<void>((resolve) => {
    for (const client of clients) {
      client.on('connected', () => {
        subscribed += 1;
        if (subscribed === clients.length) resolve();
      });
      client.subscribe<{ sessionEvents: { timestamp: string } }>(
        // The account's every event, as a dashboard follows them.
        { query: 'subscription { sessionEvents { timestamp } }' },
        {
          next: (value) => value.data && latencies.push(Date.now() - Date.parse(value.data.sessionEvents.timestamp)),
          error: () => undefined,
          complete: () => undefined,
        },
      );
    }
  });
  await allSubscribed;
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // every subscription attached to the event stream
  const notes = EVENTS_PER_SECOND * EVENT_SECONDS;
  const sends: Promise<unknown>[] = [];
  const started = Date.now();
  for (let index = 0; index < notes; index += 1) {
    const due = started + (index * 1000) / EVENTS_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const instance = instances[index % instances.length] as RunningProcess;
    sends.push(
      fetch(`${instance.url}/v1/sessions/${sessionKeys[index % SESSIONS]}/notes`, {
        method: 'POST',
        headers: { ...signedHeaders(account), 'content-type': 'application/json' },
        body: JSON.stringify({ title: `n${index}`, description: 'instances bench' }),
      }).then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`a note was answered ${response.status}`);
      }),
    );
  }
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // the last events reach every subscriber
  await Promise.all(clients.map((client) => client.dispose()));
  return { latencies, expected: notes * SUBSCRIBERS };
}

/** Instances on a database of their own, sharing the run's database server and Redis. */
async function startInstances(count: number, mongoUrl: string, redisUrl: string): Promise<RunningProcess[]> {
  const environment = { MONGODB_URL: mongoUrl, MONGODB_DB: `bench_instances_${count}_${Date.now()}`, REDIS_URL: redisUrl, VEHICLE_CHECK: 'off' };
  const instances: RunningProcess[] = [];
  for (let index = 0; index < count; index += 1) instances.push(await startService(environment));
  return instances;
}

export async function runInstancesBenchmark(): Promise<BenchResult[]> {
  const mongo = process.env.MONGODB_URL ? { uri: process.env.MONGODB_URL, stop: async () => undefined } : await startEmbeddedMongo();
  const redis = await sharedRedis();
  const setups: RunningProcess[][] = [];
  try {
    // Both set-ups run side by side and are measured in turns, so load from other work falls on both alike.
    setups.push(await startInstances(1, mongo.uri, redis.url), await startInstances(3, mongo.uri, redis.url));
    const [one, three] = setups as [RunningProcess[], RunningProcess[]];
    const accounts = [await createAccount(one[0]?.url as string), await createAccount(three[0]?.url as string)] as const;
    await spreadRps(one, accounts[0]); // warm-up
    await spreadRps(three, accounts[1]);
    const rps: { one: number; three: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rps.push({ one: await spreadRps(one, accounts[0]), three: await spreadRps(three, accounts[1]) });
    const events = { one: [] as number[], three: [] as number[], expected: { one: 0, three: 0 } };
    for (let round = 0; round < 2; round += 1) {
      for (const [name, instances, account] of [
        ['one', one, accounts[0]],
        ['three', three, accounts[1]],
      ] as const) {
        const { latencies, expected } = await eventLatencies(instances, account);
        events[name].push(...latencies);
        events.expected[name] += expected;
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rpsRatio = percentile(
      rps.map((pair) => pair.three / pair.one),
      50,
    );
    const [p99One, p99Three] = [percentile(events.one, 99), percentile(events.three, 99)];
    return [
      {
        name: 'instances_rest_read_rps_3',
        value: round(mean(rps.map((pair) => pair.three)), 0),
        unit: 'req/s',
        baseline: round(mean(rps.map((pair) => pair.one)), 0),
        ratio: round(rpsRatio, 2),
        goal: `three instances on one database and Redis vs one, ${CONNECTIONS} connections spread over them (median of ${ROUNDS} rounds' ratios)`,
      },
      {
        name: 'instances_event_to_subscriber_p99_ms_3',
        value: round(p99Three, 0),
        unit: 'ms',
        baseline: round(p99One, 0),
        ratio: round(p99Three / p99One, 2),
        goal: `${SUBSCRIBERS} account subscribers and ${EVENTS_PER_SECOND} notes/s spread over the instances (baseline: one instance; two runs each)`,
      },
      {
        name: 'instances_event_to_subscriber_p50_ms_3',
        value: round(percentile(events.three, 50), 0),
        unit: 'ms',
        baseline: round(percentile(events.one, 50), 0),
        ratio: null,
      },
      {
        name: 'instances_events_delivered_ratio_3',
        value: round(events.three.length / events.expected.three, 3),
        unit: 'share',
        baseline: round(events.one.length / events.expected.one, 3),
        ratio: null,
      },
    ];
  } finally {
    for (const instance of setups.flat()) await instance.stop();
    await redis.stop();
    await mongo.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runInstancesBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
