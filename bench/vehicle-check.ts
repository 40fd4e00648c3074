// The vehicle check (docs/capture.md#vehicle-check). `npm run bench -- vehicle-check`: the detector's CPU time per
// photo (decode + model, one thread), photo → verdict p50 of an exterior view through the service with the check on
// and off, and the service's resident memory with the model loaded and without it.
// `npm run bench -- vehicle-check <folder>`: precision and recall per flag on a folder of labelled photos (vehicle/,
// no-vehicle/, cut-off/, too-far/), e.g. one made by bench/vehicle-check-set.ts or your own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { judgeVehicle, type VehicleCheck } from '../src/domain/vehicle-check.js';
import vehicleCheckJob from '../src/vehicle/vehicle-check-worker.js';
import { makeStreet, makeVehiclePhoto } from '../test/support/vehicle-photos.js';
import {
  cpuMilliseconds,
  createAccount,
  median,
  percentile,
  residentBytes,
  round,
  signedHeaders,
  startService,
  type BenchResult,
  type RunningProcess,
} from './support.js';

const MAX_PIXELS = 50_000_000;

/**
 * Detection CPU per photo in this process's main thread (nothing else runs): median over a few photos, warmed up; and
 * the CPU of the first photo, which loads the model and compiles it on a blank picture first.
 */
async function detectionCpu(): Promise<{ perPhoto: number; firstPhoto: number }> {
  const photos = [
    await makeVehiclePhoto('bus', 'framed', 1),
    await makeStreet(2),
    await makeVehiclePhoto('suv', 'framed', 3),
    await makeVehiclePhoto('bus', 'far', 4),
  ];
  const started = process.cpuUsage();
  await vehicleCheckJob({ bytes: photos[0] as Buffer, maxPixels: MAX_PIXELS });
  const first = process.cpuUsage(started);
  const cpu: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const photo of photos) {
      const result = await vehicleCheckJob({ bytes: photo, maxPixels: MAX_PIXELS });
      if (result) cpu.push(result.cpuMs);
    }
  }
  return { perPhoto: median(cpu), firstPhoto: (first.user + first.system) / 1000 };
}

/**
 * Photo → verdict (the REST upload's answer) of exterior views, after one warm-up photo; and the service's RSS then.
 * Timed once the service has loaded what it loads in the background at start-up (the VIN data, the model): a photo
 * uploaded during those seconds shares the CPU with them, which is start-up, not a photo's cost.
 */
async function verdicts(
  mode: 'advise' | 'off',
  photos: Buffer[],
): Promise<{ p50: number; p90: number; cpuMs: number; rssMb: number; modelLoadMs: number | null }> {
  const service = await startService({ VEHICLE_CHECK: mode });
  try {
    await service.waitForLine(/"msg":"(VIN data loaded|VIN data could not be loaded)/);
    const modelLine = mode === 'off' ? null : await service.waitForLine(/"msg":"(vehicle check model loaded|the vehicle check model could not be loaded)/);
    if (modelLine && !modelLine.includes('"loadMs"')) throw new Error(`the model did not load: ${modelLine}`);
    const account = await createAccount(service.url);
    const times: number[] = [];
    const cpu: number[] = [];
    for (const [index, photo] of photos.entries()) {
      // Each photo in a session of its own: the generated streets look alike, and would be duplicates of each other.
      const sessionKey = await newSession(service, account);
      const cpuBefore = cpuMilliseconds(service.pid);
      const started = performance.now();
      const answer = await fetch(`${service.url}/v1/sessions/${sessionKey}/photos/4`, {
        method: 'POST',
        headers: { ...signedHeaders(account), 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo) as Uint8Array<ArrayBuffer>,
      });
      const body = (await answer.json()) as { approved?: boolean; vehicle_check?: VehicleCheck | null };
      if (answer.status !== 200 || !body.approved) throw new Error(`photo ${index} was not accepted: ${JSON.stringify(body)}`);
      if (mode === 'advise' && !body.vehicle_check) throw new Error(`photo ${index} was not checked`);
      if (index > 0) {
        times.push(performance.now() - started);
        cpu.push(cpuMilliseconds(service.pid) - cpuBefore);
      }
    }
    const modelLoadMs = modelLine ? (JSON.parse(modelLine) as { loadMs: number }).loadMs : null;
    return { p50: median(times), p90: percentile(times, 90), cpuMs: median(cpu), rssMb: residentBytes(service.pid) / 2 ** 20, modelLoadMs };
  } finally {
    await service.stop();
  }
}

async function newSession(service: RunningProcess, account: Awaited<ReturnType<typeof createAccount>>): Promise<string> {
  const created = await fetch(`${service.url}/v1/sessions`, {
    method: 'POST',
    headers: { ...signedHeaders(account), 'content-type': 'application/json' },
    body: JSON.stringify({ session: { theme: 'LITE' } }),
  });
  return ((await created.json()) as { session_key: string }).session_key;
}

export async function runVehicleCheckBenchmark(): Promise<BenchResult[]> {
  const cpu = await detectionCpu();
  // 1600×1200 photos, each a different scene so no upload is a duplicate of another view.
  const photos = await Promise.all(
    Array.from({ length: 16 }, (_, index) =>
      index % 2 === 0 ? makeVehiclePhoto(index % 4 === 0 ? 'bus' : 'suv', 'framed', 100 + index) : makeStreet(100 + index),
    ),
  );
  const off = await verdicts('off', photos);
  const on = await verdicts('advise', photos);
  return [
    { name: 'vehicle_detection_cpu_ms_per_photo', value: round(cpu.perPhoto, 0), unit: 'ms', goal: '≤ 300' },
    { name: 'vehicle_model_first_photo_cpu_ms', value: round(cpu.firstPhoto, 0), unit: 'ms' },
    { name: 'vehicle_model_load_ms', value: on.modelLoadMs ?? 0, unit: 'ms' },
    { name: 'exterior_verdict_p50_ms_check_off', value: round(off.p50, 0), unit: 'ms' },
    {
      name: 'exterior_verdict_p50_ms_check_on',
      value: round(on.p50, 0),
      unit: 'ms',
      baseline: round(off.p50, 0),
      ratio: round(on.p50 / off.p50),
      goal: '≤ 400 ms',
    },
    { name: 'exterior_verdict_p90_ms_check_on', value: round(on.p90, 0), unit: 'ms' },
    { name: 'exterior_verdict_service_cpu_ms_check_off', value: round(off.cpuMs, 0), unit: 'ms' },
    {
      name: 'exterior_verdict_service_cpu_ms_check_on',
      value: round(on.cpuMs, 0),
      unit: 'ms',
      baseline: round(off.cpuMs, 0),
      ratio: round(on.cpuMs / off.cpuMs),
    },
    { name: 'service_rss_mb_check_off', value: round(off.rssMb, 0), unit: 'MB' },
    { name: 'service_rss_mb_model_loaded', value: round(on.rssMb, 0), unit: 'MB', baseline: round(off.rssMb, 0), ratio: round(on.rssMb / off.rssMb) },
  ];
}

/** The folder layout the evaluation reads, and the flag each folder's photos should get. */
export const LABELLED_FOLDERS: Record<string, VehicleCheck> = { vehicle: 'ok', 'no-vehicle': 'no_vehicle', 'cut-off': 'cut_off', 'too-far': 'too_far' };
const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Runs every labelled photo through the detector and the check's rules; prints the confusion and precision/recall per flag. */
export async function evaluateVehicleCheck(folder: string): Promise<void> {
  const rows: { truth: VehicleCheck; said: VehicleCheck | 'unreadable' }[] = [];
  for (const [name, truth] of Object.entries(LABELLED_FOLDERS)) {
    const directory = join(folder, name);
    if (!statSync(directory, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const file of readdirSync(directory)
      .filter((entry) => IMAGE.test(entry))
      .sort()) {
      const result = await vehicleCheckJob({ bytes: readFileSync(join(directory, file)), maxPixels: MAX_PIXELS }).catch(() => null);
      rows.push({ truth, said: result ? judgeVehicle(result.detections).check : 'unreadable' });
    }
  }
  if (rows.length === 0) throw new Error(`no photos in ${Object.keys(LABELLED_FOLDERS).join('/, ')}/ under ${folder}`);
  const flags = Object.values(LABELLED_FOLDERS);
  process.stdout.write(`${rows.length} photos in ${folder}\n\nconfusion (rows: folder, columns: what the check said)\n`);
  process.stdout.write(`${'folder'.padEnd(12)}${[...flags, 'unreadable'].map((flag) => flag.padStart(12)).join('')}\n`);
  for (const truth of flags) {
    const counts = [...flags, 'unreadable'].map((said) => rows.filter((row) => row.truth === truth && row.said === said).length);
    process.stdout.write(`${truth.padEnd(12)}${counts.map((count) => String(count).padStart(12)).join('')}\n`);
  }
  process.stdout.write(`\n${'flag'.padEnd(12)}${'precision'.padStart(12)}${'recall'.padStart(12)}${'photos'.padStart(8)}\n`);
  for (const flag of flags) {
    const truePositives = rows.filter((row) => row.truth === flag && row.said === flag).length;
    const said = rows.filter((row) => row.said === flag).length;
    const actual = rows.filter((row) => row.truth === flag).length;
    const share = (count: number, of: number) => (of === 0 ? '—' : `${((100 * count) / of).toFixed(0)} %`);
    process.stdout.write(
      `${flag.padEnd(12)}${share(truePositives, said).padStart(12)}${share(truePositives, actual).padStart(12)}${String(actual).padStart(8)}\n`,
    );
  }
  // "Any flag" is what advise mode asks the person about: a photo that needs a retake versus one that does not.
  const flagged = rows.filter((row) => row.said !== 'ok');
  const needRetake = rows.filter((row) => row.truth !== 'ok');
  const caught = flagged.filter((row) => row.truth !== 'ok').length;
  process.stdout.write(
    `${'any flag'.padEnd(12)}${(flagged.length ? `${((100 * caught) / flagged.length).toFixed(0)} %` : '—').padStart(12)}${(needRetake.length ? `${((100 * caught) / needRetake.length).toFixed(0)} %` : '—').padStart(12)}${String(needRetake.length).padStart(8)}\n`,
  );
}
