// Deletes what TTL indexes would (docs/capture.md): expired access and sign-in records, idempotency keys, finished deliveries and
// delivery attempts past retention. MongoDB's TTL monitor does this on its own; the embedded database never does, so
// without this job those collections grow for ever there. Each collection's rules are read from its own TTL indexes
// (listIndexes), so the store that creates an index stays the one place that decides what expires and when.
import type { Db } from 'mongodb';
import type { LeaseStore } from '../store/leases.js';
import type { Logger } from '../logger.js';
import { LeasedInterval } from './leased-interval.js';
import { existingIndexes } from '../store/indexes.js';

const LEASE_NAME = 'retention-sweeper';

/**
 * The collections whose stores create TTL indexes. A store that adds a TTL index names its collection here; a test
 * (test/maintenance/retention-sweeper.test.ts) fails when one is missing.
 */
export const RETAINED_COLLECTIONS = ['access_records', 'deliveries', 'delivery_attempts', 'sign_ins', 'sign_in_failures', 'idempotency_keys'] as const;

export interface TtlRule {
  collection: string;
  field: string;
  expireAfterSeconds: number;
}

/** Documents deleted per collection in one pass. */
export type RetentionPass = Record<string, number>;

export class RetentionSweeper extends LeasedInterval<RetentionPass> {
  constructor(
    private readonly deps: {
      db: Db;
      leases: LeaseStore;
      logger: Logger;
      intervalMs: number;
      clock: () => Date;
      collections?: readonly string[];
    },
  ) {
    super({ name: LEASE_NAME, leases: deps.leases, intervalMs: deps.intervalMs, logger: deps.logger, clock: deps.clock, idle: {}, runOnStart: true });
  }

  /** The TTL indexes of the retained collections, as the database reports them. */
  async rules(): Promise<TtlRule[]> {
    const rules: TtlRule[] = [];
    for (const collection of this.deps.collections ?? RETAINED_COLLECTIONS) {
      for (const index of await this.indexesOf(collection)) {
        const fields = Object.keys(index.key as Record<string, unknown>);
        // MongoDB applies TTL only to single-field indexes.
        if (typeof index.expireAfterSeconds === 'number' && fields.length === 1) {
          rules.push({ collection, field: fields[0] as string, expireAfterSeconds: index.expireAfterSeconds });
        }
      }
    }
    return rules;
  }

  protected async work(now: Date): Promise<RetentionPass> {
    const deleted: RetentionPass = {};
    for (const { collection, field, expireAfterSeconds } of await this.rules()) {
      if (!this.holdsLease) break;
      // As the TTL monitor: a date older than the index's delay; other values (null, missing, not a date) never match.
      const cutoff = new Date(now.getTime() - expireAfterSeconds * 1000);
      const { deletedCount } = await this.deps.db.collection(collection).deleteMany({ [field]: { $lt: cutoff } });
      if (deletedCount > 0) deleted[collection] = (deleted[collection] ?? 0) + deletedCount;
    }
    if (Object.keys(deleted).length > 0) this.deps.logger.info({ deleted }, 'retention sweep');
    return deleted;
  }

  private indexesOf(collection: string): Promise<{ key: unknown; expireAfterSeconds?: unknown }[]> {
    return existingIndexes(this.deps.db.collection(collection));
  }
}
