// Photo QC cost on a 12-MP JPEG versus sharp alone decoding it to the 500-px grayscale QC analyses.
// Run: npx tsx bench/qc.ts (prints JSON lines); bench runners import runQcBenchmark().
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { analyzePhoto } from '../src/qc/analyze.js';
import { exposureStats, laplacianVariance, perceptualHash } from '../src/qc/metrics.js';
import { DEFAULT_QC_THRESHOLDS, QC_ANALYSIS_WIDTH } from '../src/qc/thresholds.js';
import { makeScene } from '../test/support/images.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: 'ms';
  baseline?: number;
  ratio?: number;
}

const RUNS = 15;
const WARMUP_RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Median wall time of analyzePhoto on a 4000×3000 JPEG, against sharp's decode to the analysis copy alone. */
export async function runQcBenchmark(): Promise<BenchResult> {
  const photo = await makeScene({ width: 4000, height: 3000, seed: 42 });
  const analyze = async () => {
    const verdict = await analyzePhoto(photo);
    if (!verdict.accepted) throw new Error(`benchmark photo was rejected: ${verdict.reason}`);
  };
  const decodeOnly = () => sharp(photo).rotate().resize({ width: QC_ANALYSIS_WIDTH }).grayscale().raw().toBuffer({ resolveWithObject: true });

  for (let run = 0; run < WARMUP_RUNS; run += 1) {
    await analyze();
    await decodeOnly();
  }
  // Interleaved so drift in machine load affects both series alike.
  const qcTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    qcTimes.push(await timed(analyze));
    baselineTimes.push(await timed(decodeOnly));
  }
  const value = median(qcTimes);
  const baseline = median(baselineTimes);
  return { name: 'qc_ms_per_12mp_photo', value: round(value), unit: 'ms', baseline: round(baseline), ratio: round(value / baseline) };
}

/** How long the synchronous JS metrics block the event loop per photo (they run on the 500-px copy only). */
export async function runQcMetricsBenchmark(): Promise<BenchResult> {
  const photo = await makeScene({ width: 4000, height: 3000, seed: 42 });
  const { data, info } = await sharp(photo).rotate().resize({ width: QC_ANALYSIS_WIDTH }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const gray = { pixels: data, width: info.width, height: info.height };
  const times: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + RUNS; run += 1) {
    const start = performance.now();
    exposureStats(gray.pixels, DEFAULT_QC_THRESHOLDS);
    laplacianVariance(gray);
    perceptualHash(gray);
    if (run >= WARMUP_RUNS) times.push(performance.now() - start);
  }
  return { name: 'qc_js_metrics_ms_per_photo', value: round(median(times)), unit: 'ms' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await runQcBenchmark()));
  console.log(JSON.stringify(await runQcMetricsBenchmark()));
}
