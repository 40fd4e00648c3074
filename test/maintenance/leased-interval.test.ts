// The periodic-job base (src/maintenance/leased-interval.ts, docs/decisions.md#bounded-data-and-periodic-jobs) on the
// run's database: two instances of one job share a lease, and a pass longer than the lease keeps it (renewed while
// it runs) instead of letting the other instance start the job beside it; a pass whose lease is taken from it all
// the same stops at its next step.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';
import { LeasedInterval } from '../../src/maintenance/leased-interval.js';
import { createLogger } from '../../src/logger.js';
import { LeaseStore } from '../../src/store/leases.js';
import { captureLogs } from '../support/log-capture.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { waitForValue } from '../support/wait.js';

const INTERVAL_MS = 50;
// Far longer than a renewal takes even on a loaded machine, which the other instance would otherwise see as a lapse.
const LEASE_MS = 2_000;
const STEP_MS = 25;

let mongo: MongoClient;
let db: Db;

beforeAll(async () => {
  mongo = new MongoClient(inject('mongoUrl'));
  await mongo.connect();
  db = mongo.db(uniqueDatabaseName('leased_interval'));
});

afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await mongo.close();
});

/** The steps of every job's passes, in the order they were made. */
interface Step {
  job: StepJob;
  at: number;
}

/**
 * A job whose pass takes `passMs` in short steps, stopping early once it no longer holds the lease; a pass resolves to
 * whether it ran its whole length.
 */
class StepJob extends LeasedInterval<boolean> {
  passMs = 0;
  passes = 0;

  constructor(
    readonly name: string,
    lease: string,
    private readonly steps: Step[],
    readonly logs = captureLogs(),
  ) {
    super({
      name: lease,
      leases: new LeaseStore(db),
      intervalMs: INTERVAL_MS,
      leaseMs: LEASE_MS,
      logger: createLogger('info', logs.destination),
      clock: () => new Date(),
      idle: false,
    });
  }

  protected async work(): Promise<boolean> {
    this.passes += 1;
    const endAt = performance.now() + this.passMs;
    do {
      if (!this.holdsLease) return false;
      this.steps.push({ job: this, at: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    } while (performance.now() < endAt);
    return true;
  }
}

describe('a periodic job on two instances', () => {
  it('keeps its lease through a pass longer than the lease: the other instance waits', async () => {
    const steps: Step[] = [];
    const [a, b] = [new StepJob('a', 'long-pass', steps), new StepJob('b', 'long-pass', steps)];
    a.passMs = LEASE_MS * 2;
    b.passMs = STEP_MS;
    const long = a.runOnce();
    await waitForValue(() => a.passes === 1, 'the long pass to start');
    // The other instance tries at every tick while the long pass runs.
    b.start();
    expect(await long, 'the long pass ran its whole length').toBe(true);
    expect(steps.filter((step) => step.job === b)).toEqual([]);
    // Once the holder stops (freeing the lease), the other takes the job at its next tick.
    await a.stop();
    await waitForValue(() => b.passes > 0, 'the other instance to take the job');
    await b.stop();
    expect(a.logs.lines.map((line) => line.msg)).toContain('periodic job lease taken');
    expect(b.logs.lines.map((line) => line.msg)).toContain('periodic job lease taken');
  });

  it('stops a pass at its next step once the lease is taken from it', async () => {
    const steps: Step[] = [];
    const a = new StepJob('a', 'taken-away', steps);
    a.passMs = 10_000;
    const pass = a.runOnce();
    await waitForValue(() => steps.length > 2, 'the pass to be under way');
    // As if its renewals had not reached the database in time: the lease ran out and another instance took it.
    await db
      .collection<{ _id: string; holder: string; expires_at: Date }>('leases')
      .updateOne({ _id: 'taken-away' }, { $set: { holder: 'elsewhere', expires_at: new Date(Date.now() + 60_000) } });
    const stoppedAt = performance.now();
    expect(await pass, 'the pass stopped early').toBe(false);
    // Within a renewal (a third of the lease at most) and a step.
    expect(performance.now() - stoppedAt).toBeLessThan(LEASE_MS / 3 + STEP_MS + 2_000);
    expect(a.logs.lines.filter((line) => line.msg === 'periodic job lease lost')).toHaveLength(1);
    expect((await db.collection<{ _id: string; holder: string }>('leases').findOne({ _id: 'taken-away' }))?.holder).toBe('elsewhere');
    await a.stop();
  });
});
