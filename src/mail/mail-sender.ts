// Sends queued mail (src/store/mails.ts) from whichever instance claims it first, and retries a failing SMTP server
// on the webhook schedule (webhooks/retry-schedule.ts) until the schedule ends; then the mail is marked failed.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { MailStore } from '../store/mails.js';
import type { MailRecord } from '../domain/mail.js';
import { delayBeforeAttempt } from '../webhooks/retry-schedule.js';
import type { MailTransport } from './mail-transport.js';

export interface MailSenderOptions {
  store: MailStore;
  transport: MailTransport;
  from: string;
  logger: Logger;
  clock: () => Date;
  /** How often the queue is looked at when nothing woke the sender. */
  pollIntervalMs: number;
  /** Multiplies the retry schedule's delays (tests run a whole schedule in moments). */
  retryTimeScale: number;
}

/** A claimed mail that is not settled within this time (the instance died) is sent by another instance. */
const LEASE_MS = 60_000;
const BATCH = 20;

export class MailSender {
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: MailSenderOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.options.transport.close();
  }

  /** Looks at the queue now (called after a mail is queued); a call during a pass makes it run once more. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'mail queue pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every mail due now; resolves when the queue has nothing due (tests and the stop wait on it). */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.options.store.claimDue(this.owner, this.options.clock(), LEASE_MS, BATCH);
      if (claimed.length === 0) return;
      for (const mail of claimed) await this.sendOne(mail);
    }
  }

  private async sendOne(mail: MailRecord): Promise<void> {
    const outcome = await this.options.transport.send({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text });
    const now = this.options.clock();
    const attempts = mail.attempts + 1;
    if (outcome.status !== 'failed') {
      await this.options.store.settle(mail.id, this.owner, { status: outcome.status, attempts, lastError: null, nextAttemptAt: now }, now);
      return;
    }
    const delay = delayBeforeAttempt(attempts + 1, { timeScale: this.options.retryTimeScale });
    this.options.logger.warn({ mail: mail.id, kind: mail.kind, attempts, err: outcome.message }, 'mail could not be sent');
    await this.options.store.settle(
      mail.id,
      this.owner,
      {
        status: delay === null ? 'failed' : 'queued',
        attempts,
        lastError: outcome.message,
        nextAttemptAt: new Date(now.getTime() + (delay ?? 0)),
      },
      now,
    );
  }
}
