// The odometer reading (docs/capture.md#odometer-reading). `npm run bench -- odometer`: how often the OCR reads the
// mileage drawn on generated cluster photos of each kind (a screen with an ordinary font, seven-segment digits), how
// often it suggests a wrong number, the time per read (sharp's preparation and the OCR in its thread, one at a time),
// and the resident memory the OCR thread adds to the process once started.
import { pickOdometerReading } from '../src/domain/odometer.js';
import { createOdometerReader } from '../src/odometer/odometer-reader.js';
import { makeClusterPhoto, type ClusterKind } from '../test/support/cluster-photos.js';
import { median, percentile, round, type BenchResult } from './support.js';

const PHOTOS_PER_KIND = 12;
const KINDS: ClusterKind[] = ['screen', 'segments'];

export async function runOdometerBenchmark(): Promise<BenchResult[]> {
  const photos = await Promise.all(
    KINDS.flatMap((kind) =>
      Array.from({ length: PHOTOS_PER_KIND }, async (_, index) => {
        // Readings from 2 to 6 digits, both units, a different clutter (trip, time, temperature) each.
        const reading = Math.round(7 * 13 ** ((index % 5) + 1) * (1 + index / 7)) % 1_000_000;
        const unit = index % 3 === 0 ? ('mi' as const) : ('km' as const);
        return { kind, reading, bytes: await makeClusterPhoto({ kind, reading, unit, seed: 500 + index }) };
      }),
    ),
  );
  const rssBefore = process.memoryUsage().rss;
  const reader = createOdometerReader({ maxPixels: 50_000_000, timeoutMs: 120_000 });
  const startedAt = performance.now();
  await reader.warmUp();
  const startMs = performance.now() - startedAt;
  const rssStarted = process.memoryUsage().rss;
  const times: number[] = [];
  const outcome = new Map<ClusterKind, { read: number; wrong: number }>(KINDS.map((kind) => [kind, { read: 0, wrong: 0 }]));
  try {
    for (const photo of photos) {
      const read = await reader.read(photo.bytes);
      if (!read) throw new Error(`a ${photo.kind} cluster could not be read at all`);
      times.push(read.ms);
      const counts = outcome.get(photo.kind)!;
      if (read.reading === photo.reading) counts.read += 1;
      else if (read.reading !== null) counts.wrong += 1;
      // The rule is pure: the same words always give the same number.
      if (pickOdometerReading(read.words) !== read.reading) throw new Error('the reading does not follow from its words');
    }
  } finally {
    await reader.close();
  }
  const rate = (kind: ClusterKind) => (100 * outcome.get(kind)!.read) / PHOTOS_PER_KIND;
  const wrong = KINDS.reduce((sum, kind) => sum + outcome.get(kind)!.wrong, 0);
  return [
    ...KINDS.map((kind) => ({
      name: `odometer_read_rate_${kind}`,
      value: round(rate(kind), 0),
      unit: '%',
      goal: `informational: ${outcome.get(kind)!.read} of ${PHOTOS_PER_KIND} generated ${kind === 'screen' ? 'screen-style' : 'seven-segment'} clusters read exactly`,
    })),
    {
      name: 'odometer_wrong_suggestions',
      value: wrong,
      unit: 'photos',
      goal: `informational: of ${photos.length}, a number suggested that was not the odometer`,
    },
    {
      name: 'odometer_read_ms_p50',
      value: round(median(times), 0),
      unit: 'ms',
      goal: `informational: p90 ${round(percentile(times, 90), 0)} ms; one OCR thread`,
    },
    { name: 'odometer_ocr_start_ms', value: round(startMs, 0), unit: 'ms', goal: 'informational: the OCR thread and its language data, at start-up' },
    {
      name: 'odometer_ocr_rss_mb',
      value: round((rssStarted - rssBefore) / 2 ** 20, 0),
      unit: 'MB',
      goal: 'informational: resident memory the started OCR thread adds',
    },
  ];
}
