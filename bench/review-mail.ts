// How long a staff member waits to hear that a session needs them: from the answer to the confirmation of a session
// under manual review to the "waiting for review" mail arriving at a real SMTP server (smtp-server, on this machine).
// The service runs as in production (dist/, the embedded database unless MONGODB_URL is set); photos are sent over
// REST. Each round is one session. Run: npx tsx bench/review-mail.ts
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { acceptablePhoto } from '../src/simulation/simulated-photos.js';
import { startSmtpServer } from '../test/support/smtp-server.js';
import { createAccount, median, round, signedHeaders, startService, type BenchAccount, type BenchResult } from './support.js';

const LITE_PHOTOS = [1, 2, 4, 5, 7, 8];

async function call(baseUrl: string, account: BenchAccount, method: string, path: string, body?: Buffer | object): Promise<any> {
  const isImage = Buffer.isBuffer(body);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...signedHeaders(account), 'content-type': isImage ? 'image/jpeg' : 'application/json' },
    body: body === undefined ? undefined : isImage ? new Uint8Array(body) : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function runReviewMailBenchmark(options: { rounds?: number } = {}): Promise<BenchResult[]> {
  const rounds = options.rounds ?? 5;
  const smtp = await startSmtpServer();
  const embedded = process.env.MONGODB_URL ? null : await startEmbeddedMongo();
  try {
    const service = await startService({
      MONGODB_URL: process.env.MONGODB_URL ?? (embedded?.uri as string),
      MONGODB_DB: `bench_review_mail_${randomBytes(4).toString('hex')}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Bench <bench@bench.example>',
      VEHICLE_CHECK: 'off',
    });
    try {
      const account = await createAccount(service.url, { review_mode: 'manual', notification_emails: ['appraisers@bench.example'] });
      const waits: number[] = [];
      for (let turn = 0; turn < rounds; turn += 1) {
        const session = await call(service.url, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
        for (const code of LITE_PHOTOS) await call(service.url, account, 'POST', `/v1/sessions/${session.session_key}/photos/${code}`, await acceptablePhoto());
        const before = smtp.received.length;
        await call(service.url, account, 'POST', `/v1/sessions/${session.session_key}/confirm`);
        const confirmedAt = performance.now();
        await smtp.waitFor(before + 1);
        waits.push(performance.now() - confirmedAt);
        const notice = smtp.received.at(-1);
        if (!notice?.subject?.includes(session.session_key)) throw new Error(`unexpected mail: ${notice?.subject}`);
      }
      return [
        {
          name: 'review_waiting_mail_ms',
          value: round(median(waits), 0),
          unit: 'ms',
          goal: `informational: confirmation answered → "waiting for review" mail at a local SMTP server (median of ${rounds}; max ${round(Math.max(...waits), 0)} ms)`,
        },
      ];
    } finally {
      await service.stop();
    }
  } finally {
    await embedded?.stop();
    await smtp.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runReviewMailBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
