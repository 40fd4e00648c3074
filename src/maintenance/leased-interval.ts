// A periodic job that runs on one instance at a time: a timer, a named lease (src/store/leases.ts) taken or renewed
// before each pass, overlapping calls sharing the pass in progress, and a stop that waits for it and frees the lease.
import { randomUUID } from 'node:crypto';
import type { LeaseStore } from '../store/leases.js';
import type { Logger } from '../logger.js';

export interface LeasedIntervalOptions<R> {
  /** The lease's name, shared by every instance running this job. */
  name: string;
  leases: LeaseStore;
  intervalMs: number;
  logger: Logger;
  clock: () => Date;
  /** What a pass that did not run (lease held elsewhere, or failed) resolves to. */
  idle: R;
  /** Run a pass at once on start instead of waiting one interval. */
  runOnStart?: boolean;
}

/** The lease outlives two missed ticks, so a slow pass keeps it but a stopped instance loses it soon. */
const LEASE_SLACK_MS = 5_000;

/** A job extends it with its pass (`work`); start, stop, runOnce and the lease come from here. */
export abstract class LeasedInterval<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;
  /** This instance's name on the lease. */
  readonly holder: string = randomUUID();

  constructor(private readonly options: LeasedIntervalOptions<R>) {}

  /** One pass, run only while this instance holds the lease. */
  protected abstract work(now: Date): Promise<R>;

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
    if (this.options.runOnStart) void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.options.leases.release(this.options.name, this.holder).catch(() => undefined);
  }

  /** One pass if this instance holds (or can take) the lease; overlapping calls share the pass in progress. */
  runOnce(): Promise<R> {
    this.running ??= this.pass()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, job: this.options.name }, 'periodic job failed');
        return this.options.idle;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<R> {
    const { leases, name, intervalMs, clock, idle } = this.options;
    const now = clock();
    if (!(await leases.acquire(name, this.holder, now, intervalMs * 2 + LEASE_SLACK_MS))) return idle;
    return this.work(now);
  }
}
