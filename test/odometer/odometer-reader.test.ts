// The odometer reader (docs/capture.md#odometer-reading) on generated cluster photos: the OCR starts once for the file,
// in tesseract.js's worker thread, from node_modules; the event loop stays free while it reads; what it cannot read, or
// not in time, is null. A child process with no network at all (its own network namespace) reads as well.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOdometerReader, tesseractFiles, type OdometerReader } from '../../src/odometer/odometer-reader.js';
import { makeClusterPhoto } from '../support/cluster-photos.js';
import { makeScene } from '../support/images.js';

let reader: OdometerReader;

beforeAll(async () => {
  // A loaded test machine can take far longer than the service's 20 s for a photo.
  reader = createOdometerReader({ maxPixels: 50_000_000, timeoutMs: 120_000 });
  await reader.warmUp();
}, 120_000);
afterAll(() => reader.close());

describe('the odometer reader', () => {
  it('reads the odometer of a screen-style cluster among the time, the temperature and the trip', async () => {
    const read = await reader.read(await makeClusterPhoto({ kind: 'screen', reading: 48213, unit: 'km', seed: 1 }));
    expect(read?.reading).toBe(48213);
    // The clutter was read as well, and left aside by the rule.
    expect(read?.words.map((word) => word.text)).toEqual(expect.arrayContaining(['564.4']));
  }, 120_000);

  it('leaves the event loop free while it reads', async () => {
    const photo = await makeClusterPhoto({ kind: 'screen', reading: 127406, unit: 'mi', seed: 2 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const read = await reader.read(photo);
    delay.disable();
    expect(read?.reading).toBe(127406);
    // A read done on the event loop would hold it for about the whole read; here it only waits for the OCR thread.
    expect(delay.max / 1e6).toBeLessThan(read!.ms / 2);
  }, 120_000);

  it('answers null for bytes that are no picture, and no reading for a photo without an odometer', async () => {
    expect(await reader.read(new Uint8Array([1, 2, 3]))).toBeNull();
    const scene = await reader.read(await makeScene({ seed: 41 }));
    expect(scene).toMatchObject({ reading: null });
  }, 120_000);

  it('gives up a read that takes too long', async () => {
    const impatient = createOdometerReader({ maxPixels: 50_000_000, timeoutMs: 1 });
    try {
      await impatient.warmUp();
      expect(await impatient.read(await makeClusterPhoto({ kind: 'screen', reading: 91520, unit: 'km', seed: 3 }))).toBeNull();
    } finally {
      await impatient.close();
    }
  }, 120_000);
});

const run = promisify(execFile);
const NO_NETWORK = fileURLToPath(new URL('../support/no-network.mjs', import.meta.url));
const READER = new URL('../../src/odometer/odometer-reader.ts', import.meta.url).href;
const PHOTOS = new URL('../support/cluster-photos.ts', import.meta.url).href;

describe('the odometer reader without a network', () => {
  it('points tesseract.js at installed files only', () => {
    const files = tesseractFiles();
    expect(files.workerPath).toMatch(/node_modules\/tesseract\.js\/src\/worker-script\/node\/index\.js$/);
    expect(files.langPath).toMatch(/node_modules\/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
  });

  it('loads the OCR and its language data from node_modules and reads the cluster', async () => {
    const script = `const { createOdometerReader } = await import(${JSON.stringify(READER)});
      const { makeClusterPhoto } = await import(${JSON.stringify(PHOTOS)});
      const { Worker } = await import('node:worker_threads');
      const reader = createOdometerReader({ maxPixels: 50e6, timeoutMs: 120000, logger: { warn: (detail) => console.log(JSON.stringify(detail)) } });
      const read = await reader.read(await makeClusterPhoto({ kind: 'screen', reading: 48213, unit: 'km', seed: 1 }));
      console.log(JSON.stringify(read?.reading ?? null));
      await reader.close();
      // A worker thread of that process, like the OCR's, reaches no network either: not even the loopback is up.
      const worker = new Worker('fetch("http://127.0.0.1:80/").catch((error) => require("node:worker_threads").parentPort.postMessage(error.cause?.code))', { eval: true });
      console.log(await new Promise((resolve) => worker.once('message', resolve)));
      await worker.terminate();`;
    // From a file, not `-e`: tesseract.js's worker thread inherits the process's options, and `--input-type` stops a
    // worker started from a file.
    const folder = await mkdtemp(join(tmpdir(), 'odometer-offline-'));
    const file = join(folder, 'read.mjs');
    await writeFile(file, script);
    // A network namespace of its own (unshare -n): the guard module covers the main thread only, the namespace every thread.
    const { stdout } = await run('unshare', ['-n', process.execPath, '--import', 'tsx', '--import', NO_NETWORK, file], { timeout: 150_000 }).finally(() =>
      rm(folder, { recursive: true, force: true }),
    );
    const [reading, refusal] = stdout.trim().split('\n');
    expect(JSON.parse(reading!)).toBe(48213);
    expect(refusal).toBe('ENETUNREACH');
  }, 180_000);
});
