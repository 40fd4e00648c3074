// The CSV export of 1,000 sessions on the embedded database (docs/rest-guide.md "Exporting sessions"): the time to
// download GET /v1/sessions/export.csv and the service's peak memory growth meanwhile, against a bare node:http server
// streaming the same rows from a driver cursor (bench/baselines/bare-csv.ts), in alternating turns in the same run.
// Half the sessions are complete with a results document of a realistic size (13 photos, damages), which the export
// reads past: the embedded database ignores projections, so whole documents cross the wire on both sides.
// Run: npx tsx bench/csv-export.ts
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { createAccount, median, residentBytes, round, signedHeaders, startBaseline, startService, type BenchResult } from './support.js';

const SESSIONS = 1_000;
const ROUNDS = 7;
const MB = 2 ** 20;

interface Download {
  ms: number;
  /** The highest resident memory of the answering process while it answered, above what it held before. */
  peakGrowthBytes: number;
  text: string;
}

/** Downloads `url` whole, sampling the answering process's resident memory every few milliseconds meanwhile. */
async function download(url: string, headers: Record<string, string>, pid: number): Promise<Download> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 2);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const text = await response.text();
    const ms = performance.now() - started;
    peak = Math.max(peak, residentBytes(pid));
    return { ms, peakGrowthBytes: peak - before, text };
  } finally {
    clearInterval(sampler);
  }
}

/** A results document shaped like a completed PRO session's: 13 photos, three damages, a location. */
function resultsOf(index: number) {
  const photos = Array.from({ length: 13 }, (_, code) => ({
    photo_code: code + 1,
    photo_label: `View ${code + 1}`,
    url: `https://capture.example.com/photos/${randomBytes(24).toString('base64url')}`,
    approved: true,
    approved_message: 'ACCEPTED',
  }));
  const damages = ['front_bumper', 'hood', 'left_front_door'].map((item, position) => ({
    damage_id: randomBytes(9).toString('base64url'),
    item,
    damage: 'dent',
    damage_type: 'dent',
    grade: (position % 5) + 1,
    photo_code: 5,
    region: { x: 0.1, y: 0.2, width: 0.3, height: 0.2 },
    source: 'manual',
  }));
  return {
    event: 'SESSION:COMPLETE',
    session: { status: 'COMPLETE', theme: 'PRO', language: 'en', capture_duration: 600, inspect_duration: 120 },
    vehicle: { vin: '1HGCM82633A004352', vin_captured: '1HGCM82633A004352', vin_match: index % 4 === 0 },
    photos,
    location: { latitude: 52.52, longitude: 13.4, accuracy: 12, captured_at: new Date().toISOString() },
    inspection: { assessment: 'ASSESSED', total_damages: 3, grade: (index % 5) + 1, max_grade_per_item: {}, damages, reviewed_by: 'jdoe' },
  };
}

export async function runCsvExportBenchmark(options: { sessions?: number; rounds?: number } = {}): Promise<BenchResult[]> {
  const count = options.sessions ?? SESSIONS;
  const rounds = options.rounds ?? ROUNDS;
  const embedded = process.env.MONGODB_URL ? null : await startEmbeddedMongo();
  const mongoUrl = process.env.MONGODB_URL ?? (embedded?.uri as string);
  const dbName = `bench_csv_${randomBytes(4).toString('hex')}`;
  const client = await MongoClient.connect(mongoUrl);
  try {
    const service = await startService({ MONGODB_URL: mongoUrl, MONGODB_DB: dbName });
    try {
      const account = await createAccount(service.url);
      // The sessions, made through the API (8 at a time), each with a customer, a vehicle and a reference.
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < count) {
            const index = next++;
            const response = await fetch(`${service.url}/v1/sessions`, {
              method: 'POST',
              headers: { ...signedHeaders(account), 'content-type': 'application/json' },
              body: JSON.stringify({
                session: {
                  theme: 'PRO',
                  client_id: `lot-${index}`,
                  contact: { name: `Customer ${index}`, phone: `+1 555 010 ${String(index).padStart(4, '0')}` },
                },
                vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord, EX', odom_reading: 40_000 + index },
              }),
            });
            if (response.status !== 200) throw new Error(`create answered ${response.status}`);
            await response.arrayBuffer();
          }
        }),
      );
      const sessions = client.db(dbName).collection<{ _id: string }>('inspection_sessions');
      const keys = (await sessions.find({}, { projection: { _id: 1 } }).toArray()).map((session) => session._id);
      await sessions.bulkWrite(
        keys
          .filter((_, index) => index % 2 === 0)
          .map((key, index) => ({
            updateOne: { filter: { _id: key }, update: { $set: { status: 'COMPLETE', completed_at: new Date(), results: resultsOf(index) } } },
          })),
      );

      const baseline = await startBaseline('bare-csv', { MONGODB_URL: mongoUrl, MONGODB_DB: dbName, BASELINE_API_KEY: account.apiKey });
      try {
        const ours = () => download(`${service.url}/v1/sessions/export.csv`, signedHeaders(account), service.pid);
        const bare = () => download(baseline.url, {}, baseline.pid);
        // Both write the same rows, byte for byte.
        const [first, reference] = [await ours(), await bare()];
        if (first.text !== reference.text) throw new Error('the service and the baseline wrote different CSV');
        const lines = first.text.split('\r\n').length - 2;
        if (lines !== count) throw new Error(`the export held ${lines} rows, not ${count}`);
        const serviceRuns: Download[] = [first];
        const baselineRuns: Download[] = [reference];
        for (let turn = 0; turn < rounds; turn += 1) {
          // Alternate which goes first, so neither always follows the other.
          const order = turn % 2 === 0 ? [ours, bare] : [bare, ours];
          for (const run of order) (run === ours ? serviceRuns : baselineRuns).push(await run());
        }
        const timed = (runs: Download[]) => median(runs.slice(1).map((run) => run.ms));
        const peak = (runs: Download[]) => Math.max(...runs.map((run) => run.peakGrowthBytes)) / MB;
        const ratio = median(serviceRuns.slice(1).map((run, turn) => run.ms / (baselineRuns[turn + 1] as Download).ms));
        return [
          {
            name: 'csv_export_1000_ms',
            value: round(timed(serviceRuns), 1),
            unit: 'ms',
            baseline: round(timed(baselineRuns), 1),
            ratio: round(ratio),
            goal: `informational: ${count} sessions (${round(first.text.length / 1024, 0)} KB of CSV) ÷ a bare driver cursor writing the same rows (median of ${rounds} paired turns)`,
          },
          {
            name: 'csv_export_1000_peak_rss_growth_mb',
            value: round(peak(serviceRuns), 1),
            unit: 'MB',
            baseline: round(peak(baselineRuns), 1),
            ratio: null,
            goal: 'the most resident memory rose above its level before an export, over every turn (sampled every 2 ms)',
          },
          {
            name: 'csv_export_service_rss_mb',
            value: round(residentBytes(service.pid) / MB, 0),
            unit: 'MB',
            baseline: round(residentBytes(baseline.pid) / MB, 0),
            ratio: null,
            goal: 'resident memory after the turns: the whole service beside the bare server',
          },
        ];
      } finally {
        await baseline.stop();
      }
    } finally {
      await service.stop();
    }
  } finally {
    await client.close();
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runCsvExportBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
