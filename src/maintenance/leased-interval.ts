// A periodic job that runs on one instance at a time: a timer, a named lease (src/store/leases.ts) taken or renewed
// before each pass and renewed every interval while the pass runs, overlapping calls sharing the pass in progress, and
// a stop that waits for it and frees the lease. A pass that loses its lease all the same (its renewals did not reach
// the database in time, and another instance took the job) stops at its next step. An instance logs when it takes a
// lease and when it loses one (info), and each pass it runs (debug), so an operator of several instances sees which
// one runs each job.
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
  /** How long a lease lasts unless renewed; by default two intervals and 5 s (tests shorten it). */
  leaseMs?: number;
}

/** The lease outlives two missed ticks (or renewals, during a pass), but a stopped instance loses it soon. */
const LEASE_SLACK_MS = 5_000;

/** A job extends it with its pass (`work`); start, stop, runOnce and the lease come from here. */
export abstract class LeasedInterval<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;
  /** Whether this instance held the lease at its last take or renewal: a change is logged. */
  private holding = false;
  private readonly leaseMs: number;
  /** This instance's name on the lease. */
  readonly holder: string = randomUUID();

  constructor(private readonly options: LeasedIntervalOptions<R>) {
    this.leaseMs = options.leaseMs ?? options.intervalMs * 2 + LEASE_SLACK_MS;
  }

  /**
   * One pass, run only while this instance holds the lease. A pass of several steps checks `holdsLease` before each
   * and stops once it is false, so that it never works beside the instance that took the job over.
   */
  protected abstract work(now: Date): Promise<R>;

  /** False once the lease of the pass in progress could not be renewed: another instance may hold it now. */
  protected get holdsLease(): boolean {
    return this.holding;
  }

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
    this.holding = false;
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
    const { name, intervalMs, clock, idle, logger } = this.options;
    const now = clock();
    if (!(await this.takeLease(now))) return idle;
    logger.debug({ job: name, holder: this.holder, leaseMs: this.leaseMs }, 'periodic job pass');
    // The lease is renewed while the pass runs, as often as the timer ticks (and thrice per lease at least): a pass may
    // outlast the lease. Once lost, it is not taken back during the pass.
    let renewing: Promise<boolean> | null = null;
    const renewal = setInterval(
      () => {
        if (!this.holding) return;
        renewing ??= this.takeLease(clock())
          .catch(() => this.holding) // a renewal that failed: the next one tries again before the lease runs out
          .finally(() => {
            renewing = null;
          });
      },
      Math.min(intervalMs, Math.floor(this.leaseMs / 3)),
    );
    renewal.unref();
    const startedAt = performance.now();
    try {
      return await this.work(now);
    } finally {
      clearInterval(renewal);
      await renewing;
      logger.debug({ job: name, holder: this.holder, ms: Math.round(performance.now() - startedAt), kept: this.holding }, 'periodic job pass done');
    }
  }

  /** Takes or renews the lease; logs when this instance starts or stops holding it. */
  private async takeLease(now: Date): Promise<boolean> {
    const { leases, name, logger } = this.options;
    const held = await leases.acquire(name, this.holder, now, this.leaseMs);
    if (held !== this.holding) {
      this.holding = held;
      logger.info({ job: name, holder: this.holder }, held ? 'periodic job lease taken' : 'periodic job lease lost');
    }
    return held;
  }
}
