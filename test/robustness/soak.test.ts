// Soak: minutes of mixed load (captures, queries, notes, subscriptions, webhook deliveries) against the service
// running as its own process, with its resident memory sampled every second: no error, no growth trend. The trend
// is fitted on the samples taken right after a forced full garbage collection (every 5 s): between collections the
// resident size swings by tens of MB with garbage not yet collected, which would hide or fake a trend.
// SOAK_SECONDS shortens or lengthens it (default 300).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRequest, createAccountAt, uniqueDatabaseName } from '../support/test-server.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, wsEventRecorder, type EventRecorder } from '../support/graphql.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { collectGarbage, inspectorUrlIn } from '../support/inspector.js';
import { MAX_NOTES_PER_SESSION } from '../../src/domain/limits.js';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const COLLECT_EVERY_SECONDS = 5;
/** A capture (photos, quality control, VIN reading, report rendering) every this many seconds of load. */
const CAPTURE_EVERY_SECONDS = 10;
/**
 * Captures done before sampling starts. The first ones start worker threads (VIN reader, report renderer) and grow
 * their heaps to working size, a one-off step of tens of MB that would otherwise read as a trend wherever it fell.
 */
const WARM_UP_CAPTURES = 2;

function residentMegabytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** Least-squares slope of the samples, in MB per sample. */
function slope(samples: number[]): number {
  const n = samples.length;
  const meanX = (n - 1) / 2;
  const meanY = samples.reduce((sum, value) => sum + value, 0) / n;
  let numerator = 0;
  let denominator = 0;
  samples.forEach((value, index) => {
    numerator += (index - meanX) * (value - meanY);
    denominator += (index - meanX) ** 2;
  });
  return numerator / denominator;
}

describe('soak', () => {
  let service: ServiceProcess;
  let baseUrl: string;
  let inspectorUrl: string;
  let account: TestAccount;
  const received = new Set<string>();
  const receiver = createServer((request, response) => {
    const id = request.headers['webhook-id'];
    if (typeof id === 'string') received.add(id);
    request.resume();
    response.writeHead(204).end();
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    service = await startServiceProcess({
      nodeArguments: ['--inspect=127.0.0.1:0'],
      environment: { MONGODB_DB: uniqueDatabaseName('soak'), RATE_LIMIT_POINTS: '1000000' },
    });
    baseUrl = service.baseUrl;
    inspectorUrl = inspectorUrlIn(service.output()) as string;
    expect(inspectorUrl).toBeDefined();
    account = await createAccountAt(baseUrl, 'soak');
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    for (const event of ['SESSION:NOTE_INSERT', 'SESSION:STATUS_CHANGE', 'SESSION:STAGE_CHANGE', 'SESSION:COMPLETE']) {
      await apiRequest(baseUrl, account, 'POST', '/v1/callbacks', { event, url: receiverUrl });
    }
  }, 60_000);

  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await new Promise((resolve) => receiver.close(resolve));
  });

  it(
    `runs ${SOAK_SECONDS} s of mixed load without errors or memory growth`,
    async () => {
      let captures = 0;
      for (; captures < WARM_UP_CAPTURES; captures += 1) {
        await completeSession(baseUrl, await createSession(baseUrl, account), 'LITE', 20_000 + captures * 20);
      }
      const subscribers: EventRecorder[] = Array.from({ length: 20 }, () => wsEventRecorder(baseUrl, signRequestHeaders(account)));
      await Promise.all(subscribers.map((subscriber) => subscriber.ready));
      const failures: string[] = [];
      const rss: number[] = [];
      const settled: number[] = [];
      let sampling = true;
      const sampler = (async () => {
        for (let second = 1; sampling; second += 1) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          if (second % COLLECT_EVERY_SECONDS === 0) {
            await collectGarbage(inspectorUrl);
            settled.push(residentMegabytes(service.child.pid as number));
          }
          rss.push(residentMegabytes(service.child.pid as number));
        }
      })();
      // A session takes at most MAX_NOTES_PER_SESSION notes: a longer soak moves on to a fresh session before that.
      let noteSession = await createSession(baseUrl, account);
      let notes = 0;
      const started = Date.now();
      try {
        while (Date.now() - started < SOAK_SECONDS * 1000) {
          const second = Date.now();
          if (notes > 0 && notes % MAX_NOTES_PER_SESSION === 0) noteSession = await createSession(baseUrl, account);
          const reads = await Promise.all([
            apiRequest(baseUrl, account, 'GET', '/v1/callbacks'),
            apiRequest(baseUrl, account, 'GET', `/v1/sessions/${noteSession.sessionKey}`),
            apiRequest(baseUrl, account, 'POST', `/v1/sessions/${noteSession.sessionKey}/notes`, { title: `soak ${notes}`, description: 'mixed load' }),
            graphqlRequest(baseUrl, { account }, '{ inspectionSessions(first: 5) { edges { node { sessionKey status } } } }').then((result) => ({
              status: result.errors ? 500 : 200,
              body: result,
            })),
          ]);
          notes += 1;
          for (const read of reads) if (read.status !== 200) failures.push(`${read.status} ${JSON.stringify(read.body).slice(0, 200)}`);
          if (notes % CAPTURE_EVERY_SECONDS === 1) {
            const session = await createSession(baseUrl, account);
            await completeSession(baseUrl, session, 'LITE', 20_000 + captures * 20);
            captures += 1;
          }
          const wait = 1_000 - (Date.now() - second);
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        await subscribers[0]?.waitFor((events) => events.filter((event) => event.event === 'SESSION:NOTE_INSERT').length >= notes, 30_000);
      } finally {
        sampling = false;
        await sampler;
        await Promise.all(subscribers.map((subscriber) => subscriber.close()));
      }

      expect(failures).toEqual([]);
      expect(captures).toBeGreaterThan(0);
      for (const subscriber of subscribers) expect(subscriber.errors).toEqual([]);
      const expectedDeliveries = notes + captures * (6 + 4 + 1);
      await vi.waitFor(() => expect(received.size).toBeGreaterThanOrEqual(expectedDeliveries), { timeout: 30_000, interval: 200 });

      // After a warm-up third, resident memory must not trend upward: the fitted growth over the rest of the run
      // stays under 15 % of the average.
      const steady = settled.slice(Math.floor(settled.length / 3));
      const average = steady.reduce((sum, value) => sum + value, 0) / steady.length;
      const growth = slope(steady) * steady.length;
      console.info(
        `[soak] ${SOAK_SECONDS} s, ${notes} notes, ${captures} captures, ${received.size} deliveries; RSS ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB ` +
          `(after collections ${Math.min(...settled).toFixed(0)}–${Math.max(...settled).toFixed(0)} MB), fitted growth over the steady part ${growth.toFixed(1)} MB; after each collection: ${settled.map((value) => value.toFixed(0)).join(' ')} MB`,
      );
      expect(growth).toBeLessThan(average * 0.15);
    },
    (SOAK_SECONDS + 180) * 1000,
  );
});
