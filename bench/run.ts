// Runs every benchmark (npm run bench), writes bench/results.json and the table in docs/benchmarks.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchResult } from './support.js';
import { runHttpBenchmarks } from './http.js';
import { runSubscriptionBenchmark } from './subscriptions.js';
import { runCaptureBenchmark } from './capture.js';
import { runQcBenchmark, runQcMetricsBenchmark } from './qc.js';
import { runCommandBenchmark } from './commands.js';
import { runCapacityBenchmark } from './capacity.js';
import { runCapturePageBenchmark } from './capture-page.js';
import { runIdempotencyBenchmark } from './idempotency.js';
import { runVinLookupBenchmark } from './vin-lookup.js';
import { evaluateVehicleCheck, runVehicleCheckBenchmark } from './vehicle-check.js';
import { runPhotoFairnessBenchmark } from './photo-fairness.js';
import { runOdometerBenchmark } from './odometer.js';
import { runInstancesBenchmark } from './instances.js';
import { runCsvExportBenchmark } from './csv-export.js';
import { runReviewMailBenchmark } from './review-mail.js';

interface Suite {
  name: string;
  run: () => Promise<BenchResult[]>;
}

const suites: Suite[] = [
  { name: 'http', run: () => runHttpBenchmarks() },
  { name: 'qc', run: async () => [{ ...(await runQcBenchmark()), goal: 'ratio ≤ 1.5' }, await runQcMetricsBenchmark()] },
  { name: 'capture', run: async () => [await runCaptureBenchmark()] },
  { name: 'capture-page', run: () => runCapturePageBenchmark() },
  { name: 'subscriptions', run: () => runSubscriptionBenchmark() },
  { name: 'commands', run: () => runCommandBenchmark() },
  { name: 'capacity', run: () => runCapacityBenchmark() },
  { name: 'idempotency', run: () => runIdempotencyBenchmark() },
  { name: 'vin-lookup', run: () => runVinLookupBenchmark() },
  { name: 'vehicle-check', run: () => runVehicleCheckBenchmark() },
  { name: 'odometer', run: () => runOdometerBenchmark() },
  { name: 'photo-fairness', run: () => runPhotoFairnessBenchmark() },
  { name: 'instances', run: () => runInstancesBenchmark() },
  { name: 'csv-export', run: () => runCsvExportBenchmark() },
  { name: 'review-mail', run: () => runReviewMailBenchmark() },
];

if (existsSync(new URL('./webhooks.ts', import.meta.url))) {
  suites.push({
    name: 'webhooks',
    run: async () => {
      const module = (await import(new URL('./webhooks.ts', import.meta.url).href)) as { runWebhookBenchmark: () => Promise<BenchResult[]> };
      return module.runWebhookBenchmark();
    },
  });
}

// `npm run bench -- vehicle-check <folder>` evaluates the vehicle check on labelled photos instead of timing it.
if (process.argv[2] === 'vehicle-check' && process.argv[3]) {
  await evaluateVehicleCheck(process.argv[3]);
  process.exit(0);
}

const only = process.argv.slice(2);
const results: BenchResult[] = [];
const started = Date.now();
const loadAtStart = os.loadavg()[0] ?? 0;
for (const suite of suites.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
  process.stdout.write(`running ${suite.name}…\n`);
  try {
    for (const result of await suite.run()) {
      results.push({ baseline: null, ratio: null, ...result });
      process.stdout.write(`  ${JSON.stringify(result)}\n`);
    }
  } catch (error) {
    process.stdout.write(`  ${suite.name} failed: ${(error as Error).message}\n`);
    results.push({ name: `${suite.name}_failed`, value: 1, unit: 'error', baseline: null, ratio: null });
  }
}

// `npm run bench -- http subscriptions` runs some suites: the figures of the others are kept from the last run.
const resultsUrl = new URL('./results.json', import.meta.url);
if (only.length > 0 && existsSync(resultsUrl)) {
  const measured = new Set(results.map((result) => result.name));
  const earlier = (JSON.parse(readFileSync(resultsUrl, 'utf8')) as BenchResult[]).filter((result) => !measured.has(result.name));
  results.push(...earlier);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  resultsUrl,
  `${JSON.stringify(
    results.map(({ name, value, unit, baseline, ratio, goal }) => ({ name, value, unit, baseline: baseline ?? null, ratio: ratio ?? null, goal })),
    null,
    2,
  )}\n`,
);
// The start-up warning of the embedded database quotes its measured capacity (src/store/embedded-capacity.ts).
const capacity = results.find((result) => result.name === 'embedded_capacity_sessions');
if (capacity && !process.env.MONGODB_URL) {
  writeFileSync(
    new URL('../src/store/embedded-capacity.ts', import.meta.url),
    `// What the embedded database holds, measured by \`npm run bench\` (embedded_capacity_sessions in bench/results.json;
// bench/run.ts rewrites this file when it measures it). Printed beside the "in memory only" warning at start-up.
export const EMBEDDED_CAPACITY = { sessions: ${capacity.value}, measuredOn: '${new Date().toISOString().slice(0, 10)}' } as const;
`,
  );
}
mkdirSync(new URL('../docs/', import.meta.url), { recursive: true });
// Hand-written findings below the generated part survive a new run.
const documentUrl = new URL('../docs/benchmarks.md', import.meta.url);
const previous = existsSync(documentUrl) ? readFileSync(documentUrl, 'utf8') : '';
const notes = previous.includes('\n## Notes\n') ? previous.slice(previous.indexOf('\n## Notes\n')) : '';
const table = results
  .map((result) => `| \`${result.name}\` | ${result.value} ${result.unit} | ${result.baseline ?? '—'} | ${result.ratio ?? '—'} | ${result.goal ?? ''} |`)
  .join('\n');
writeFileSync(
  documentUrl,
  `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}), ${Math.round((Date.now() - started) / 1000)} s in all${
    only.length > 0 ? ` (suites ${only.join(', ')}; the other figures are kept from the run before)` : ''
  }; load
average ${loadAtStart.toFixed(1)} when it started (other work shares the machine: absolute figures vary run to run, ratios are same-run).
Load runs on loopback from a separate process (autocannon, graphql-ws clients); each ratio compares our path with
its baseline measured in the same run on the same machine. The service runs as production runs it (built with
\`npm run build\`, started with \`node dist/main.js\`; the baselines are compiled alike), on the embedded database
unless \`MONGODB_URL\` is set.

| Benchmark | Value | Baseline | Ratio | Goal |
|---|---|---|---|---|
${table}

How each is measured:

- \`database_indexed_reads_per_s\`: the database's own ceiling for the read the REST route makes (findOne on a
  unique index, 32 at a time), measured in the same run on the same database server.
- \`rest_auth_read_rps\`: \`GET /v1/callbacks/:event\` with HMAC headers, 32 connections; baseline: a bare
  \`node:http\` server doing the same single driver findOne per request on the same database server (one embedded
  server is shared by the service and the baselines). \`rest_auth_read_vs_in_memory_http\` compares the same figure
  with a bare \`node:http\` server answering from memory (informational). The service and every baseline run in
  turns of 2 s, six rounds each, so load from other processes on the machine falls on all of them alike; each ratio
  is the median of the six rounds' ratios (ours and its baseline measured back to back), so one round disturbed by
  a neighbour does not decide it (the rates shown are the means).
  \`rest_auth_read_cpu_us_per_request\`: the CPU time (all threads) of the service per request beside the bare
  server's, over the same turns; \`rest_auth_read_database_cpu_us_per_request\`: the embedded database's, per request
  of each (the same work on both sides).
- \`graphql_query_rps\`: an authenticated \`inspectionSession\` query; baseline: a bare Yoga whose resolver does the
  same findOne for the session on the same database and answers the same fields.
- \`db_commands_per_*\`: database commands counted with the driver's command monitoring (the counter behind
  \`mongodb_commands_total\` at /metrics), background jobs slowed down so only the operation counts: a REST read and
  a GraphQL query once the account is cached (100 each), an accepted photo (every photo of a LITE session), an event
  recorded with no callback (100, one after another), and a delivery amortised over a batch of 200 events recorded at
  once (every command but the event log's, until all 200 are received and settled).
- \`qc_ms_per_12mp_photo\`: median time of the whole QC on a 4000×3000 JPEG; baseline: sharp decoding the same file
  to the 500-px grayscale copy alone. \`qc_js_metrics_ms_per_photo\` is the part that runs on the event loop.
- \`photo_*\`: photo analysis between accounts (docs/limits.md#photo-analysis), on a service with the vehicle check off:
  account B's 1600×1200 WebP answered alone (median of 5), and while account A has 28 12-megapixel WebP photos in
  flight (B sends 1 s after A's flood starts; median of 3 rounds). \`photo_flood_delay_in_flood_photos\` is B's added
  delay divided by what one of A's photos holds a worker for during the flood (the flood's duration × CPUs ÷ 28);
  the bound is 1. \`photo_flood_ms\`: the whole flood, what B would wait for in arrival order.
- \`instances_*\`: three service processes on one database server and one Redis against one process on the same
  database server and Redis, both running side by side and measured in turns: authenticated REST reads (30
  connections spread evenly over the instances, four rounds of 5 s each; the ratio is the median of the rounds'),
  and event → subscriber latency with 90 graphql-ws subscribers following the account and 50 notes/s, both spread
  over the instances round-robin (8 s, two runs each).
- \`capture_session_e2e_ms\`: one whole LITE capture through GraphQL (start, six 1600×1200 photos, confirm and
  report), median of 10.
- \`event_to_subscriber_*\`: 1,000 graphql-ws subscribers on one instance — 900 capture apps, each following its own
  session with its capture token, and 100 account dashboards following every session — while notes are recorded at
  50/s round-robin over the sessions (each event reaches its capture app and all 100 dashboards, ~5,000 messages/s);
  latency from the event's timestamp (taken before it is written) to its arrival at a subscriber. Three runs, each on
  a fresh service; the headline p99 is their median. \`event_publish_delay_p99_ms_run*\`: the service's own
  \`event_publish_delay_seconds\` over the same run (from the event's timestamp to its live publication: the note's
  and the event's database writes), as the upper bound of its histogram bucket — the part of the subscriber latency
  that is the database's. \`event_fanout_p99_ms\` (and per run): the service's own \`event_fanout_delay_seconds\`,
  from the event's live publication to its answer being worked out for a subscription (the socket write follows at
  once; subscribers asking the same live question with the same rights share one answer) — the part that is the
  service's. \`event_database_read_p99_ms_run*\`: meanwhile, another client's trivial indexed read on the
  same database every 20 ms (how long the database made anyone wait); \`event_log_insert_ms_run*\`: after the run,
  with nothing else running, the median of single inserts into a copy of the run's event log (the write every event
  waits for before it goes live); \`db_commands_per_note_event\` and
  \`event_cpu_ms_*\`: the service's database commands, and the CPU time of the service, the embedded database and
  the benchmark's own clients, per event (medians of the runs): what bounds the latency on the machine.
  \`memory_per_subscription_kb\`: the server's live heap and
  external memory per open subscription after a forced garbage collection; \`rss_per_subscription_kb\`: its resident
  memory growth (run 1).
- \`broadcast_*\`: the worst case, all 1,000 subscribers following the whole account at 50 events/s (50,000
  messages/s from one instance); they share one answer per event, so what remains is a socket write per message.
- \`event_to_webhook_*\`: event recorded → local receiver, notes added at a steady 50 events/s round-robin over 100
  sessions; \`webhook_deliveries_per_s\`: at saturation, 100 sessions adding notes as fast as they can for 10 s.
- \`vehicle_detection_cpu_ms_per_photo\`: the vehicle check's CPU time per 1600×1200 photo (decoding to 448×448 and
  the model, one thread), median over four photos three times; \`vehicle_model_first_photo_cpu_ms\`: the first
  photo's, which also loads the model and compiles it on a blank picture (once per thread);
  \`vehicle_model_load_ms\`: the same at the service's start-up, wall time, beside the VIN data loading.
  \`exterior_verdict_p50_ms_check_*\`: the REST upload of an exterior view to its answer, 15 photos each in a session
  of its own, with \`VEHICLE_CHECK=off\` and \`advise\`, timed once the service has loaded the VIN data and the model;
  \`exterior_verdict_service_cpu_ms_check_*\`: the service's CPU time (all threads) per upload, median, which a loaded
  machine does not inflate as it does the wall time; \`service_rss_mb_*\`: the service's resident memory after them,
  without and with the model loaded.
  \`npm run bench -- vehicle-check <folder>\` measures precision and recall instead (docs/capture.md#vehicle-check).
- \`odometer_*\`: the odometer reading (docs/capture.md#odometer-reading) on 12 generated cluster photos of each kind
  (1600×1200, a screen with light digits in an ordinary font on a dark LCD, and seven-segment digits, among a trip,
  the time and the temperature): \`odometer_read_rate_*\` the share read exactly, \`odometer_wrong_suggestions\` the
  photos given a number that was not the odometer, \`odometer_read_ms_p50\` the preparation and the OCR of one photo
  (one OCR thread, one photo at a time), \`odometer_ocr_rss_mb\` the resident memory the started OCR thread adds.
- \`embedded_capacity_sessions\`: whole PRO sessions (13 photos of 1280×960, 3 notes, confirmed with its report, all
  5 webhook events delivered to a local receiver) run one after another on the default embedded database, until a
  session's median photo verdict exceeds 1 s; \`rss_mb_after_100_pro_sessions\`: resident memory of the service and
  its embedded database together after 100 such sessions.
${notes}`,
);
process.stdout.write(`wrote bench/results.json and docs/benchmarks.md (${results.length} figures)\n`);
