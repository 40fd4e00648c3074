// Webhook delivery latency at a steady 50 events/s, and throughput at saturation: 100 concurrent sessions keep
// adding notes (each one a recorded SESSION:NOTE_INSERT event) for a fixed time, and a local receiver counts the
// deliveries. Latency runs from the moment the event is persisted in the event log to the receiver seeing its
// delivery (the outbox write, the hand-over and the HTTP request).
// Run: npx tsx bench/webhooks.ts (prints JSON lines); bench runners import runWebhookBenchmark().
// MONGODB_URL selects the database server (default: the embedded one); BENCH_WEBHOOK_SECONDS the run length.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import type { BenchResult } from './support.js';

const SESSIONS = 100;
const DEFAULT_SECONDS = 10;
const DRAIN_TIMEOUT_MS = 120_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function runWebhookBenchmark(options: { seconds?: number; mongoUrl?: string } = {}): Promise<BenchResult[]> {
  const seconds = options.seconds ?? Number(process.env.BENCH_WEBHOOK_SECONDS ?? DEFAULT_SECONDS);
  const embedded = (options.mongoUrl ?? process.env.MONGODB_URL) ? null : await startEmbeddedMongo();
  const mongoUrl = options.mongoUrl ?? process.env.MONGODB_URL ?? (embedded?.uri as string);

  const arrivals = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const title = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title: string }).title;
      if (!arrivals.has(title)) arrivals.set(title, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const config = loadConfig({
    NODE_ENV: 'production',
    MONGODB_URL: mongoUrl,
    MONGODB_DB: `bench_webhooks_${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    DEMO_ACCOUNT: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  const app = await buildApp(config, createLogger(config.logLevel));
  await app.start(0, '127.0.0.1');
  const { services } = app;
  try {
    const created = await services.accounts.create({ username: 'bench' });
    const account = await services.stores.accounts.findByApiKey(created.api_key);
    if (!account) throw new Error('the benchmark account was not stored');
    await services.callbacks.set(account.apiKey, { event: 'SESSION:NOTE_INSERT', url: receiverUrl });
    const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => services.sessions.create(account, { session: { theme: 'LITE' } })));

    const submitted = new Map<string, number>();
    const recordedAt = new Map<string, number>();
    // "Recorded" = the event log insert has returned; measured by wrapping the store the recorder writes through.
    const events = services.stores.events;
    const appendEvent = events.append.bind(events);
    events.append = async (event) => {
      const stored = await appendEvent(event);
      recordedAt.set(String(event.payload.title), performance.now());
      return stored;
    };
    // Unloaded first: one session, one note at a time, so the engine's own latency shows without queueing.
    const unloaded: number[] = [];
    for (let note = 0; note < 100; note += 1) {
      const title = `warmup-${note}`;
      await services.sessions.addNote(account, (sessions[0] as { key: string }).key, { title, description: 'benchmark' });
      while (!arrivals.has(title)) await new Promise((resolve) => setImmediate(resolve));
      unloaded.push((arrivals.get(title) as number) - (recordedAt.get(title) as number));
    }
    unloaded.sort((a, b) => a - b);
    process.stderr.write(
      `unloaded (one event at a time): event recorded -> receiver p50 ${round(percentile(unloaded, 50))} ms, p99 ${round(percentile(unloaded, 99))} ms\n`,
    );
    submitted.clear();
    recordedAt.clear();
    arrivals.clear();

    // Steady load: 50 events a second, round-robin over the sessions, for `seconds`; latency from the event being
    // recorded to the receiver seeing its delivery.
    const steadyRate = 50;
    const steadyTotal = steadyRate * seconds;
    const steadyStarted = performance.now();
    const steadyWrites: Promise<unknown>[] = [];
    for (let index = 0; index < steadyTotal; index += 1) {
      const wait = steadyStarted + (index * 1000) / steadyRate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const session = sessions[index % sessions.length] as { key: string };
      steadyWrites.push(services.sessions.addNote(account, session.key, { title: `steady-${index}`, description: 'benchmark' }).catch(() => undefined));
    }
    await Promise.all(steadyWrites);
    const steadyDeadline = performance.now() + DRAIN_TIMEOUT_MS;
    while ([...recordedAt.keys()].some((title) => !arrivals.has(title)) && performance.now() < steadyDeadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const steady = [...recordedAt].flatMap(([title, at]) => (arrivals.has(title) ? [(arrivals.get(title) as number) - at] : [])).sort((a, b) => a - b);
    process.stderr.write(
      `steady ${steadyRate} events/s: ${steady.length} of ${steadyTotal} delivered; event recorded -> receiver p50 ${round(percentile(steady, 50))} ms, p99 ${round(percentile(steady, 99))} ms\n`,
    );
    submitted.clear();
    recordedAt.clear();
    arrivals.clear();

    let failures = 0;
    const startedAt = performance.now();
    const stopAt = startedAt + seconds * 1000;
    await Promise.all(
      sessions.map(async (session, sessionIndex) => {
        for (let note = 0; performance.now() < stopAt; note += 1) {
          const title = `${sessionIndex}-${note}`;
          const at = performance.now();
          try {
            await services.sessions.addNote(account, session.key, { title, description: 'benchmark' });
            submitted.set(title, at);
          } catch {
            failures += 1;
          }
        }
      }),
    );
    const producedIn = performance.now() - startedAt;

    const drainDeadline = performance.now() + DRAIN_TIMEOUT_MS;
    while (arrivals.size < submitted.size && performance.now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const lastArrival = Math.max(...arrivals.values());

    const latencies = [...recordedAt].flatMap(([title, at]) => {
      const arrived = arrivals.get(title);
      return arrived === undefined ? [] : [arrived - at];
    });
    latencies.sort((a, b) => a - b);
    const endToEnd = [...submitted].flatMap(([title, at]) => (arrivals.has(title) ? [(arrivals.get(title) as number) - at] : [])).sort((a, b) => a - b);
    if (arrivals.size < submitted.size) {
      process.stderr.write(`warning: ${submitted.size - arrivals.size} of ${submitted.size} deliveries did not arrive within ${DRAIN_TIMEOUT_MS / 1000} s\n`);
    }
    process.stderr.write(
      `note submitted -> receiver (includes the note and event writes): p50 ${round(percentile(endToEnd, 50))} ms, p99 ${round(percentile(endToEnd, 99))} ms\n`,
    );
    if (failures > 0) process.stderr.write(`warning: ${failures} notes failed to record\n`);
    process.stderr.write(
      `events: ${submitted.size} in ${round(producedIn / 1000)} s from ${SESSIONS} sessions; delivered: ${arrivals.size} by ${round((lastArrival - startedAt) / 1000)} s\n`,
    );
    return [
      { name: 'event_to_webhook_p99_ms', value: round(percentile(steady, 99)), unit: 'ms', goal: '≤ 50 at a steady 50 events/s' },
      { name: 'event_to_webhook_p50_ms', value: round(percentile(steady, 50)), unit: 'ms', goal: 'at a steady 50 events/s' },
      {
        name: 'webhook_deliveries_per_s',
        value: round(arrivals.size / ((lastArrival - startedAt) / 1000)),
        unit: 'deliveries/s',
        goal: `at saturation (${SESSIONS} sessions adding notes flat out)`,
      },
      { name: 'event_to_webhook_saturated_p99_ms', value: round(percentile(latencies, 99)), unit: 'ms', goal: 'at saturation, informational' },
    ];
  } finally {
    await app.database.db.dropDatabase().catch(() => undefined);
    await app.stop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runWebhookBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
