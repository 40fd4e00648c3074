// Periodic housekeeping of session statuses, on one instance at a time (a lease): idle IDLE/STARTED/PROCESS
// sessions past their deadline become EXPIRED, and CONFIRM sessions whose report was interrupted (a crash
// mid-generation) are completed.
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import type { LeaseStore } from '../store/leases.js';
import type { Logger } from '../logger.js';
import { sourcesOf } from '../domain/statuses.js';
import type { SessionMoves } from './session-moves.js';
import type { ReportGenerator } from './report-generator.js';
import { LeasedInterval } from '../maintenance/leased-interval.js';

const LEASE_NAME = 'session-sweeper';
const BATCH_SIZE = 200;
const STUCK_CONFIRM_MS = 60_000;

export class ExpirySweeper extends LeasedInterval<void> {
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
  ) {
    super({ name: LEASE_NAME, leases: deps.leases, intervalMs: deps.intervalMs, logger: deps.logger, clock: deps.clock, idle: undefined });
  }

  protected async work(now: Date): Promise<void> {
    let expired = 0;
    for (const session of await this.deps.sessions.findExpirable(sourcesOf('expire'), now, BATCH_SIZE)) {
      if (!this.holdsLease) break;
      if (await this.deps.moves.move(session.key, 'expire', now)) expired += 1;
    }
    let completed = 0;
    const stuck = this.holdsLease ? await this.deps.sessions.findInStatusSince('CONFIRM', new Date(now.getTime() - STUCK_CONFIRM_MS), BATCH_SIZE) : [];
    for (const session of stuck) {
      if (!this.holdsLease) break;
      await this.deps.reports.complete(session);
      completed += 1;
    }
    if (expired > 0 || completed > 0) this.deps.logger.info({ expired, completed }, 'session sweep');
  }
}
