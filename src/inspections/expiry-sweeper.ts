// Periodic housekeeping of session statuses, on one instance at a time (a lease): idle IDLE/STARTED/PROCESS
// sessions past their deadline become EXPIRED, and CONFIRM sessions whose report was interrupted (a crash
// mid-generation) are completed.
import { randomUUID } from 'node:crypto';
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import type { LeaseStore } from '../store/leases.js';
import type { Logger } from '../logger.js';
import { sourcesOf } from '../domain/statuses.js';
import type { SessionMoves } from './session-moves.js';
import type { ReportGenerator } from './report-generator.js';

const LEASE_NAME = 'session-sweeper';
const BATCH_SIZE = 200;
const STUCK_CONFIRM_MS = 60_000;

export class ExpirySweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** This instance's name on the sweep lease. */
  readonly holder = randomUUID();

  constructor(
    private readonly deps: {
      sessions: InspectionSessionStore;
      leases: LeaseStore;
      moves: SessionMoves;
      reports: ReportGenerator;
      logger: Logger;
      intervalMs: number;
      clock: () => Date;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweepOnce(), this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.deps.leases.release(LEASE_NAME, this.holder).catch(() => undefined);
  }

  /** One pass; returns how many sessions expired. Overlapping calls share the pass in progress. */
  sweepOnce(): Promise<void> {
    this.running ??= this.sweep()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'session sweep failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sweep(): Promise<void> {
    const now = this.deps.clock();
    if (!(await this.deps.leases.acquire(LEASE_NAME, this.holder, now, this.deps.intervalMs * 2 + 5_000))) return;
    let expired = 0;
    for (const session of await this.deps.sessions.findExpirable(sourcesOf('expire'), now, BATCH_SIZE)) {
      if (await this.deps.moves.move(session._id, 'expire', now)) expired += 1;
    }
    const stuck = await this.deps.sessions.findInStatusSince('CONFIRM', new Date(now.getTime() - STUCK_CONFIRM_MS), BATCH_SIZE);
    for (const session of stuck) await this.deps.reports.complete(session);
    if (expired > 0 || stuck.length > 0) this.deps.logger.info({ expired, completed: stuck.length }, 'session sweep');
  }
}
