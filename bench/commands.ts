// Database commands per operation, counted with the driver's command monitoring (the same counter that feeds
// mongodb_commands_total): an authenticated REST read, a GraphQL query, an accepted photo, an event recorded and a
// webhook delivery (amortised over a batch). Background jobs are slowed right down so only the operation counts.
// Run: npx tsx bench/commands.ts (prints JSON lines; the breakdown by command and collection goes to stderr).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { BSON, MongoClient, type CommandStartedEvent } from 'mongodb';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { collectionOf } from '../src/observability/database-commands.js';
import { graphqlRequest, uploadPhoto } from '../test/support/graphql.js';
import { signRequestHeaders, type TestAccount } from '../test/support/signing.js';
import { makeScene } from '../test/support/images.js';
import { round, type BenchResult } from './support.js';
import type { Account } from '../src/domain/account.js';

const QUIET_MS = '3600000';
const LITE_PHOTOS = [1, 2, 4, 5, 7, 8];
export const SESSION_QUERY =
  'query($k: String!) { inspectionSession(sessionKey: $k) { sessionKey status theme vehicle requiredPhotos { photoCode photoLabel } } }';

/** Counts the commands `app` sends while `work` runs, by "command collection". */
async function countDuring(app: App, work: () => Promise<void>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const listener = (event: CommandStartedEvent) => {
    if (['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'killCursors'].includes(event.commandName)) return;
    const key = `${event.commandName} ${collectionOf(event)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  app.database.client.on('commandStarted', listener);
  try {
    await work();
  } finally {
    app.database.client.off('commandStarted', listener);
  }
  return counts;
}

const total = (counts: Map<string, number>, include: (key: string) => boolean = () => true) =>
  [...counts].reduce((sum, [key, count]) => sum + (include(key) ? count : 0), 0);

function describe(label: string, counts: Map<string, number>, operations: number): void {
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ${round(count / operations)}`);
  process.stderr.write(`${label}: ${round(total(counts) / operations)} per operation (${parts.join(', ')})\n`);
}

/** The commands of a LITE session's photos, every one accepted, taken through GraphQL with the capture token. */
async function countCapture(app: App, url: string, owner: Account, photos: Buffer[]): Promise<Map<string, number>> {
  const capture = await app.services.sessions.create(owner, { session: { theme: 'LITE' } });
  const captureToken = capture.captureToken;
  await graphqlRequest(url, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: capture.key });
  return countDuring(app, async () => {
    for (const [index, code] of LITE_PHOTOS.entries()) {
      const uploaded = await uploadPhoto(url, { captureToken }, capture.key, code, photos[index] as Buffer);
      if (!uploaded.body.data?.capturePhoto?.approved) throw new Error(`photo ${code} was not accepted`);
    }
  });
}

export async function runCommandBenchmark(options: { mongoUrl?: string } = {}): Promise<BenchResult[]> {
  const embedded = (options.mongoUrl ?? process.env.MONGODB_URL) ? null : await startEmbeddedMongo();
  const mongoUrl = options.mongoUrl ?? process.env.MONGODB_URL ?? (embedded?.uri as string);
  const delivered = new Set<string>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      delivered.add((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title: string }).title);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    NODE_ENV: 'production',
    MONGODB_URL: mongoUrl,
    MONGODB_DB: `bench_commands_${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    MONGODB_COMMAND_METRICS: 'true',
    DEMO_ACCOUNT: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMIT_POINTS: '100000000',
    WEBHOOK_POLL_INTERVAL_MS: QUIET_MS,
    WEBHOOK_RECONCILE_INTERVAL_MS: QUIET_MS,
    EXPIRY_SWEEP_INTERVAL_MS: QUIET_MS,
    RETENTION_SWEEP_INTERVAL_MS: QUIET_MS,
  });
  const app = await buildApp(config, createLogger(config.logLevel));
  const observer = await MongoClient.connect(mongoUrl);
  const url = await app.start(0, '127.0.0.1');
  const { services } = app;
  try {
    const created = await services.accounts.create({ username: 'bench' });
    const account: TestAccount = { username: created.username, apiKey: created.api_key, apiSecret: created.api_secret };
    const stored = await services.stores.accounts.findByApiKey(created.api_key);
    if (!stored) throw new Error('the benchmark account was not stored');
    await services.callbacks.set(account.apiKey, { event: 'SESSION:COMPLETE', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/complete` });
    const session = await services.sessions.create(stored, { session: { theme: 'LITE' } });
    // The start-up passes of the reconciler and the retention sweeper are over before anything is counted.
    await services.outboxReconciler.runOnce();
    await services.retention.runOnce();

    const results: BenchResult[] = [];
    const reads = 100;
    const headers = signRequestHeaders(account);
    const get = async () => {
      const response = await fetch(`${url}/v1/callbacks/SESSION:COMPLETE`, { headers });
      if (response.status !== 200) throw new Error(`REST read answered ${response.status}`);
      await response.arrayBuffer();
    };
    await get(); // the account is now cached, as in any steady state
    const rest = await countDuring(app, async () => {
      for (let index = 0; index < reads; index += 1) await get();
    });
    describe('authenticated REST read', rest, reads);
    results.push({ name: 'db_commands_per_rest_read', value: round(total(rest) / reads), unit: 'commands', goal: '≤ 1' });

    const query = async () => {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: SESSION_QUERY, variables: { k: session.key } }),
      });
      const body = (await response.json()) as { errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
    };
    await query();
    const graphql = await countDuring(app, async () => {
      for (let index = 0; index < reads; index += 1) await query();
    });
    describe('authenticated GraphQL query', graphql, reads);
    results.push({ name: 'db_commands_per_graphql_query', value: round(total(graphql) / reads), unit: 'commands' });

    const photos = await Promise.all(LITE_PHOTOS.map((code) => makeScene({ seed: 7000 + code })));
    const captures = await countCapture(app, url, stored, photos);
    describe('accepted photo (a LITE session, every photo)', captures, LITE_PHOTOS.length);
    results.push({ name: 'db_commands_per_capture', value: round(total(captures) / LITE_PHOTOS.length), unit: 'commands' });
    // The same on the path the service takes on MongoDB (one findOneAndUpdate per session write), unless that is
    // the path already measured.
    if (!app.database.server.atomicFindAndModify) {
      const mongoPath = await buildApp({ ...config, mongodbDb: `${config.mongodbDb}_mongo_path` }, createLogger(config.logLevel), { countMongoDbPath: true });
      try {
        const mongoPathUrl = await mongoPath.start(0, '127.0.0.1');
        const owner = await mongoPath.services.stores.accounts.findByApiKey((await mongoPath.services.accounts.create({ username: 'bench' })).api_key);
        if (!owner) throw new Error('the benchmark account was not stored');
        const counted = await countCapture(mongoPath, mongoPathUrl, owner, photos);
        describe('accepted photo, MongoDB path', counted, LITE_PHOTOS.length);
        results.push({
          name: 'db_commands_per_capture_mongodb_path',
          value: round(total(counted) / LITE_PHOTOS.length),
          unit: 'commands',
          goal: "the session writes as on MongoDB (findOneAndUpdate), counted on this run's server",
        });
      } finally {
        await mongoPath.database.db.dropDatabase().catch(() => undefined);
        await mongoPath.stop();
      }
    }

    // Events recorded one after another, for an event no callback listens to.
    const eventCount = 100;
    const recordOne = (title: string) =>
      services.recorder.record({
        apiKey: account.apiKey,
        callbackKey: account.apiKey,
        sessionKey: session.key,
        payload: { event: 'SESSION:NOTE_INSERT', title },
      });
    const events = await countDuring(app, async () => {
      for (let index = 0; index < eventCount; index += 1) await recordOne(`plain-${index}`);
    });
    describe('event recorded (no callback)', events, eventCount);
    results.push({ name: 'db_commands_per_event', value: round(total(events) / eventCount), unit: 'commands' });

    // Deliveries: a batch of events recorded at once, every one with a delivery, until each has been received and
    // settled. Commands on the event log are the events' own; everything else is the deliveries'.
    await services.callbacks.set(account.apiKey, { event: 'SESSION:NOTE_INSERT', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notes` });
    const batch = 200;
    const deliveries = await countDuring(app, async () => {
      await Promise.all(Array.from({ length: batch }, (_, index) => recordOne(`batch-${index}`)));
      const deadline = Date.now() + 60_000;
      // Checked through a connection of its own, so the checks are not counted.
      const settled = () => observer.db(config.mongodbDb).collection('deliveries').countDocuments({ status: 'succeeded' });
      const attempts = () => observer.db(config.mongodbDb).collection('delivery_attempts').countDocuments({});
      while (delivered.size < batch || (await settled()) < batch || (await attempts()) < batch) {
        if (Date.now() > deadline) throw new Error(`only ${delivered.size} of ${batch} deliveries arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const eventLog = (key: string) => / (events|event_heads)$/.test(key);
    describe(`webhook delivery (batch of ${batch})`, deliveries, batch);
    results.push({ name: 'db_commands_per_delivery', value: round(total(deliveries, (key) => !eventLog(key)) / batch), unit: 'commands', goal: '≤ 2' });

    // What the hot collections' documents weigh (BSON bytes), to spot a fat document on a hot path.
    const sizes: string[] = [];
    for (const name of ['accounts', 'callbacks', 'inspection_sessions', 'captures', 'events', 'deliveries', 'delivery_attempts', 'access_records']) {
      const sample = await observer.db(config.mongodbDb).collection(name).find({}).limit(200).toArray();
      if (sample.length === 0) continue;
      const bytes = sample.map((document) => BSON.calculateObjectSize(document));
      sizes.push(`${name} ${round(bytes.reduce((sum, size) => sum + size, 0) / bytes.length, 0)} B avg, ${Math.max(...bytes)} B max`);
    }
    process.stderr.write(`document sizes: ${sizes.join('; ')}\n`);
    return results;
  } finally {
    await app.database.db.dropDatabase().catch(() => undefined);
    await app.stop();
    await observer.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runCommandBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
