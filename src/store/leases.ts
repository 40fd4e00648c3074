// Named leases: at most one instance holds a lease until it expires, so periodic jobs run on one instance at a time.
import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from './database.js';

interface LeaseDocument {
  _id: string;
  holder: string;
  expires_at: Date;
}

export class LeaseStore {
  private readonly collection: Collection<LeaseDocument>;

  constructor(db: Db) {
    this.collection = db.collection<LeaseDocument>('leases');
  }

  async ensureIndexes(): Promise<void> {
    // The _id index is all a lease needs.
  }

  /** Takes or renews the lease; false when another holder's lease is still running. */
  async acquire(name: string, holder: string, now: Date, durationMs: number): Promise<boolean> {
    try {
      const lease = await this.collection.findOneAndUpdate(
        { _id: name, $or: [{ holder }, { expires_at: { $lte: now } }] },
        { $set: { holder, expires_at: new Date(now.getTime() + durationMs) } },
        { upsert: true, returnDocument: 'after' },
      );
      return lease?.holder === holder;
    } catch (error) {
      // The upsert lost to an existing document held by someone else.
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.collection.deleteOne({ _id: name, holder });
  }
}
