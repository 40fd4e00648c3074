// How many whole PRO sessions the embedded default database holds before a photo's verdict takes more than 1 s, and
// the resident memory of the service and its embedded database after 100 of them. Each session is what a real one
// does: created over REST, 13 photos through GraphQL (each one quality-checked), 3 notes, confirmed (the report),
// with all 5 webhook events of the account delivered to a local receiver. Sessions run one after another; the
// capacity is the number completed before the first session whose median photo verdict exceeds 1 s.
// Run: npx tsx bench/capacity.ts (BENCH_CAPACITY_MINUTES caps the time, default 15).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { makeScene } from '../test/support/images.js';
import { graphqlRequest, uploadPhoto } from '../test/support/graphql.js';
import { WEBHOOK_EVENTS } from '../src/domain/events.js';
import { createAccount, median, residentBytes, round, signedHeaders, startService, type BenchAccount, type BenchResult } from './support.js';

const PRO_PHOTOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const NOTES_PER_SESSION = 3;
const VERDICT_LIMIT_MS = 1_000;
const RSS_AT_SESSIONS = 100;

/** The process and every process it started (the embedded database runs as a child of the service). */
function processTree(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

async function rest(url: string, account: BenchAccount, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...signedHeaders(account), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function runSession(url: string, account: BenchAccount, photos: Buffer[]): Promise<number[]> {
  const created = (await rest(url, account, 'POST', '/v1/sessions', { session: { theme: 'PRO' } })) as { session_key: string; capture_url: string };
  const sessionKey = created.session_key;
  const capture = { captureToken: created.capture_url.split('#')[1] as string };
  await graphqlRequest(url, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
  const verdicts: number[] = [];
  for (const [index, code] of PRO_PHOTOS.entries()) {
    const started = performance.now();
    const uploaded = await uploadPhoto(url, capture, sessionKey, code, photos[index] as Buffer);
    verdicts.push(performance.now() - started);
    if (!uploaded.body.data?.capturePhoto?.approved) throw new Error(`photo ${code} was not accepted: ${JSON.stringify(uploaded.body)}`);
    if (index % 4 === 1 && index / 4 < NOTES_PER_SESSION)
      await rest(url, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: `note ${index}`, description: 'scratch on the door' });
  }
  const confirmed = await graphqlRequest(url, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k: sessionKey });
  if (confirmed.data?.confirmInspection?.status !== 'COMPLETE') throw new Error(`the session did not complete: ${JSON.stringify(confirmed)}`);
  return verdicts;
}

export async function runCapacityBenchmark(options: { minutes?: number } = {}): Promise<BenchResult[]> {
  const minutes = options.minutes ?? Number(process.env.BENCH_CAPACITY_MINUTES ?? 15);
  let delivered = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const photos = await Promise.all(PRO_PHOTOS.map((code) => makeScene({ seed: 8100 + code, width: 1280, height: 960 })));
  // The default: no MONGODB_URL, so the service starts its embedded database (unless the caller set one).
  const service = await startService();
  try {
    const account = await createAccount(service.url);
    for (const event of WEBHOOK_EVENTS)
      await rest(service.url, account, 'POST', '/v1/callbacks', { event, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/${event}` });
    const deadline = Date.now() + minutes * 60_000;
    let completed = 0;
    let capacity: number | null = null;
    let rssMb: number | null = null;
    let capped = false;
    const curve: string[] = [];
    // Runs until the limit is passed and, for the memory figure, at least 100 sessions exist.
    while (capacity === null || completed < RSS_AT_SESSIONS) {
      const verdicts = await runSession(service.url, account, photos);
      const typical = median(verdicts);
      completed += 1;
      if (capacity === null && typical > VERDICT_LIMIT_MS) {
        capacity = completed - 1;
        curve.push(`session ${completed}: median verdict ${round(typical, 0)} ms (over the limit)`);
      } else if (completed % 25 === 0 || completed === 1) {
        curve.push(`session ${completed}: median verdict ${round(typical, 0)} ms, slowest ${round(Math.max(...verdicts), 0)} ms`);
      }
      if (completed === RSS_AT_SESSIONS) rssMb = processTree(service.pid).reduce((sum, pid) => sum + residentBytes(pid), 0) / 2 ** 20;
      if (Date.now() > deadline) {
        capped = capacity === null;
        break;
      }
    }
    process.stderr.write(`capacity: ${curve.join('; ')}; ${delivered} webhook deliveries received\n`);
    return [
      {
        name: 'embedded_capacity_sessions',
        value: capacity ?? completed,
        unit: capped ? 'sessions (time budget reached first: a lower bound)' : 'sessions',
        goal: `whole PRO sessions before a photo's median verdict exceeds ${VERDICT_LIMIT_MS} ms`,
      },
      ...(rssMb === null ? [] : [{ name: 'rss_mb_after_100_pro_sessions', value: round(rssMb, 0), unit: 'MB', goal: 'service + embedded database' }]),
    ];
  } finally {
    await service.stop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runCapacityBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
