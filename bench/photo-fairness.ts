// Photo analysis between accounts (docs/limits.md#photo-analysis): account B's verdict latency alone, and while
// account A floods the service with 12-megapixel WebP photos; the bound is one of A's photos per worker.
// Run: npx tsx bench/photo-fairness.ts
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { makeScene } from '../test/support/images.js';
import { createAccount, median, round, signedHeaders, startService, type BenchAccount, type BenchResult } from './support.js';

const FLOOD = 28;
const ROUNDS = 3;

async function createSession(url: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${url}/v1/sessions`, {
    method: 'POST',
    headers: { ...signedHeaders(account), 'content-type': 'application/json' },
    body: JSON.stringify({ session: { theme: 'PRO' } }),
  });
  return ((await response.json()) as { session_key: string }).session_key;
}

/** Milliseconds from sending a photo to its verdict (the answer). */
async function timedUpload(url: string, account: BenchAccount, sessionKey: string, code: number, photo: Buffer): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/sessions/${sessionKey}/photos/${code}`, {
    method: 'POST',
    headers: { ...signedHeaders(account), 'content-type': 'image/webp' },
    body: new Uint8Array(photo) as Uint8Array<ArrayBuffer>,
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
  return performance.now() - started;
}

export async function runPhotoFairnessBenchmark(): Promise<BenchResult[]> {
  const heavy = await makeScene({ seed: 931, width: 4000, height: 3000, format: 'webp' });
  const light = await makeScene({ seed: 932, format: 'webp' });
  const service = await startService({ VEHICLE_CHECK: 'off' });
  try {
    const [flooder, other] = [await createAccount(service.url), await createAccount(service.url)];
    const single = await createSession(service.url, other);
    await timedUpload(service.url, other, single, 2, light); // warms the process and opens the session
    const alone: number[] = [];
    for (let code = 3; code <= 7; code += 1) alone.push(await timedUpload(service.url, other, single, code, light));
    const floodSession = await createSession(service.url, flooder);
    const floodPhotoAlone: number[] = [];
    for (let code = 2; code <= 4; code += 1) floodPhotoAlone.push(await timedUpload(service.url, flooder, floodSession, code, heavy));

    const during: number[] = [];
    const floodDurations: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const session = await createSession(service.url, flooder);
      const floodStarted = performance.now();
      const flood = Array.from({ length: FLOOD }, (_, index) => timedUpload(service.url, flooder, session, 2 + (index % 12), heavy));
      // Long enough for the whole flood to be received and waiting for analysis.
      await sleep(1_000);
      during.push(await timedUpload(service.url, other, single, 8 + round, light));
      await Promise.all(flood);
      floodDurations.push(performance.now() - floodStarted);
    }
    const unloaded = median(alone);
    const loaded = median(during);
    const onePhoto = median(floodPhotoAlone);
    // What one of A's photos holds a worker for during the flood (the service runs one analysis per CPU, and the
    // photos running side by side share the CPUs): the unit of the bound.
    const onePhotoPerWorker = (median(floodDurations) * availableParallelism()) / FLOOD;
    return [
      { name: 'photo_verdict_ms_unloaded', value: round(unloaded, 0), unit: 'ms', baseline: null, ratio: null, goal: "account B's photo alone (median of 5)" },
      {
        name: 'photo_verdict_ms_during_flood',
        value: round(loaded, 0),
        unit: 'ms',
        baseline: round(unloaded, 0),
        ratio: round(loaded / unloaded, 2),
        goal: `B's photo while A floods ${FLOOD} 12-MP WebP photos (median of ${ROUNDS})`,
      },
      {
        name: 'photo_flood_delay_in_flood_photos',
        value: round((loaded - unloaded) / onePhotoPerWorker, 2),
        unit: 'photos',
        baseline: null,
        ratio: null,
        goal: `≤ 1: B's added delay ÷ what one of A's photos holds a worker for during the flood (${round(onePhotoPerWorker, 0)} ms; ${round(onePhoto, 0)} ms alone)`,
      },
      {
        name: 'photo_flood_ms',
        value: round(median(floodDurations), 0),
        unit: 'ms',
        baseline: null,
        ratio: null,
        goal: "A's whole flood: what B waited for in arrival order",
      },
    ];
  } finally {
    await service.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runPhotoFairnessBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
