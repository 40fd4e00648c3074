// The vehicle check's detector (docs/capture.md#vehicle-check) on real pictures: the model loads once for the file, in
// its worker thread, from node_modules; a child process in which every network call throws loads and runs it as well.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeVehicle } from '../../src/domain/vehicle-check.js';
import { createVehicleDetector, type VehicleDetector } from '../../src/vehicle/vehicle-detector.js';
import { makeStreet, makeVehiclePhoto } from '../support/vehicle-photos.js';

let detector: VehicleDetector;

beforeAll(async () => {
  // A loaded test machine can take far longer than the service's 15 s for a photo.
  detector = createVehicleDetector({ threads: 1, maxPixels: 50_000_000, timeoutMs: 120_000 });
  await detector.warmUp();
}, 120_000);
afterAll(() => detector.close());

async function judge(photo: Buffer) {
  const found = await detector.detect(photo);
  if (!found) throw new Error('the detector gave no answer');
  return judgeVehicle(found.detections);
}

describe('the vehicle detector', () => {
  it('finds a framed bus and its box', async () => {
    const judged = await judge(await makeVehiclePhoto('bus', 'framed'));
    expect(judged.check).toBe('ok');
    // The drawing fills 82 % of the width, centred, standing on the pavement line at 78 % of the height.
    expect(judged.box).toMatchObject({ x: expect.closeTo(0.09, 1), width: expect.closeTo(0.82, 1), score: expect.any(Number) });
    expect(judged.box!.y + judged.box!.height).toBeCloseTo(0.77, 1);
  }, 120_000);

  it('sees no vehicle on a street without one, a bus cut off by the edge, and an SUV far away', async () => {
    expect(await judge(await makeStreet(3))).toEqual({ check: 'no_vehicle', box: null });
    expect((await judge(await makeVehiclePhoto('bus', 'cut_off'))).check).toBe('cut_off');
    // The far SUV (22 % of the width) is found at the model's 448-pixel input; the far bus drawing scores under the
    // threshold there (it was found at 512, where the SUV was not).
    const far = await judge(await makeVehiclePhoto('suv', 'far'));
    expect(far.check).toBe('too_far');
    expect(far.box!.width).toBeLessThan(0.3);
  }, 240_000);

  it('answers null for what it cannot read, and reports the CPU time of a photo', async () => {
    expect(await detector.detect(new Uint8Array([1, 2, 3]))).toBeNull();
    const found = await detector.detect(await makeStreet(4));
    expect(found?.cpuMs).toBeGreaterThan(0);
  }, 120_000);
});

const run = promisify(execFile);
const NO_NETWORK = fileURLToPath(new URL('../support/no-network.mjs', import.meta.url));
const WORKER = new URL('../../src/vehicle/vehicle-check-worker.ts', import.meta.url).href;
const PHOTOS = new URL('../support/vehicle-photos.ts', import.meta.url).href;

describe('the vehicle detector without a network', () => {
  it('loads the model and the WebAssembly backend from node_modules and finds the bus', async () => {
    const script = `const { default: job } = await import(${JSON.stringify(WORKER)});
      const { makeVehiclePhoto } = await import(${JSON.stringify(PHOTOS)});
      const result = await job({ bytes: await makeVehiclePhoto('bus', 'framed'), maxPixels: 50e6 });
      console.log(JSON.stringify(result.detections.map((found) => found.label)));
      try { await fetch('http://127.0.0.1:9/'); } catch (error) { console.log(error.message); }`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--import', NO_NETWORK, '--input-type=module', '-e', script], { timeout: 150_000 });
    const [labels, refusal] = stdout.trim().split('\n');
    expect(JSON.parse(labels!)).toContain('bus');
    // The same guard refuses a fetch in that process, so it does bite.
    expect(refusal).toMatch(/network access refused/);
  }, 180_000);
});
