// The cost of an Idempotency-Key per write: the same signed write (PUT /v1/callbacks/SESSION:COMPLETE, which keeps the
// database the same size) with a fresh key on every request against the same write without the header, in alternating
// turns in the same run, so a neighbour's load falls on both alike. With the key each write also inserts its claim and
// then keeps its answer (two more database writes).
// Run: npx tsx bench/idempotency.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { createAccount, median, round, signedHeaders, startService, type BenchResult } from './support.js';

const CONCURRENCY = 8;

/** Writes per second for `count` writes sent `CONCURRENCY` at a time; each gets a new key when `withKey`. */
async function writesPerSecond(url: string, headers: Record<string, string>, count: number, withKey: boolean): Promise<number> {
  const body = JSON.stringify({ url: 'https://example.com/hooks/complete', method: 'POST' });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const response = await fetch(url, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json', ...(withKey ? { 'idempotency-key': randomUUID() } : {}) },
          body,
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`write answered ${response.status}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export async function runIdempotencyBenchmark(options: { rounds?: number; writesPerTurn?: number } = {}): Promise<BenchResult[]> {
  const rounds = options.rounds ?? 6;
  const writesPerTurn = options.writesPerTurn ?? 200;
  const embedded = process.env.MONGODB_URL ? null : await startEmbeddedMongo();
  const mongoUrl = process.env.MONGODB_URL ?? (embedded?.uri as string);
  try {
    const service = await startService({ MONGODB_URL: mongoUrl, MONGODB_DB: `bench_idempotency_${randomBytes(4).toString('hex')}` });
    try {
      const account = await createAccount(service.url);
      // One set of signed headers per turn (a token lives 5 minutes).
      await fetch(`${service.url}/v1/callbacks`, {
        method: 'POST',
        headers: { ...signedHeaders(account), 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hooks/complete' }),
      });
      const url = `${service.url}/v1/callbacks/SESSION:COMPLETE`;
      await writesPerSecond(url, signedHeaders(account), 50, true); // warm-up, unmeasured
      await writesPerSecond(url, signedHeaders(account), 50, false);
      const keyed: number[] = [];
      const plain: number[] = [];
      for (let turn = 0; turn < rounds; turn += 1) {
        // Alternate which goes first, so neither always follows the other.
        const order = turn % 2 === 0 ? [true, false] : [false, true];
        for (const withKey of order) (withKey ? keyed : plain).push(await writesPerSecond(url, signedHeaders(account), writesPerTurn, withKey));
      }
      const ratio = median(keyed.map((rate, turn) => rate / (plain[turn] as number)));
      return [
        {
          name: 'idempotent_write_rps',
          value: round(median(keyed), 0),
          unit: 'writes/s',
          baseline: round(median(plain), 0),
          ratio: round(ratio),
          goal: `informational: the same write with a fresh Idempotency-Key ÷ without (median of ${rounds} paired turns, ${CONCURRENCY} at a time)`,
        },
      ];
    } finally {
      await service.stop();
    }
  } finally {
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runIdempotencyBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
