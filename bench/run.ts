// Runs every benchmark (npm run bench), writes bench/results.json and the table in docs/benchmarks.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchResult } from './support.js';
import { runHttpBenchmarks } from './http.js';
import { runSubscriptionBenchmark } from './subscriptions.js';
import { runCaptureBenchmark } from './capture.js';
import { runQcBenchmark, runQcMetricsBenchmark } from './qc.js';

interface Suite {
  name: string;
  run: () => Promise<BenchResult[]>;
}

const suites: Suite[] = [
  { name: 'http', run: () => runHttpBenchmarks() },
  { name: 'qc', run: async () => [{ ...(await runQcBenchmark()), goal: 'ratio ≤ 1.5' }, await runQcMetricsBenchmark()] },
  { name: 'capture', run: async () => [await runCaptureBenchmark()] },
  { name: 'subscriptions', run: () => runSubscriptionBenchmark() },
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

const only = process.argv.slice(2);
const results: BenchResult[] = [];
const started = Date.now();
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

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify(results.map(({ name, value, unit, baseline, ratio }) => ({ name, value, unit, baseline: baseline ?? null, ratio: ratio ?? null })), null, 2)}\n`,
);
mkdirSync(new URL('../docs/', import.meta.url), { recursive: true });
const table = results
  .map((result) => `| \`${result.name}\` | ${result.value} ${result.unit} | ${result.baseline ?? '—'} | ${result.ratio ?? '—'} | ${result.goal ?? ''} |`)
  .join('\n');
writeFileSync(
  new URL('../docs/benchmarks.md', import.meta.url),
  `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}), ${Math.round((Date.now() - started) / 1000)} s in all.
Load runs on loopback from a separate process (autocannon, graphql-ws clients); each ratio compares our path with
its baseline measured in the same run on the same machine. The service runs on the embedded database unless
\`MONGODB_URL\` is set.

| Benchmark | Value | Baseline | Ratio | Goal |
|---|---|---|---|---|
${table}

How each is measured:

- \`database_indexed_reads_per_s\`: the database's own ceiling for the read the REST route makes (findOne on a
  unique index, 32 at a time), measured in the same run.
- \`rest_auth_read_rps\`: \`GET /v1/callbacks/:event\` with HMAC headers, 32 connections; baseline: a bare \`node:http\`
  server answering the same JSON from memory.
- \`graphql_query_rps\`: an authenticated \`inspectionSession\` query; baseline: a bare Yoga \`{ hello }\`.
- \`qc_ms_per_12mp_photo\`: median time of the whole QC on a 4000×3000 JPEG; baseline: sharp decoding the same file
  to the 500-px grayscale copy alone. \`qc_js_metrics_ms_per_photo\` is the part that runs on the event loop.
- \`capture_session_e2e_ms\`: one whole LITE capture through GraphQL (start, six 1600×1200 photos, confirm and
  report), median of 10.
- \`event_to_subscriber_*\`: 1,000 graphql-ws subscribers on one instance — 900 capture apps, each following its own
  session with its capture token, and 100 account dashboards following every session — while notes are recorded at
  50/s round-robin over the sessions (each event reaches its capture app and all 100 dashboards, ~5,000 messages/s);
  latency from the event's timestamp (taken before it is written) to its arrival at a subscriber.
  \`memory_per_subscription_kb\`: the server's live heap and external memory per open subscription after a forced
  garbage collection; \`rss_per_subscription_kb\`: its resident memory growth.
- \`broadcast_*\`: the worst case, all 1,000 subscribers following the whole account at 50 events/s (50,000
  messages/s from one instance).
- \`webhook_*\`: deliveries to a local receiver from 100 concurrent sessions producing events for 10 s.
`,
);
process.stdout.write(`wrote bench/results.json and docs/benchmarks.md (${results.length} figures)\n`);
