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
    const expiresAt = new Date(now.getTime() + durationMs);
    // Conditional updateOne and unique insert are each atomic everywhere; together they take, renew or create.
    const { matchedCount } = await this.collection.updateOne(
      { _id: name, $or: [{ holder }, { expires_at: { $lte: now } }] },
      { $set: { holder, expires_at: expiresAt } },
    );
    if (matchedCount === 1) return true;
    try {
      await this.collection.insertOne({ _id: name, holder, expires_at: expiresAt });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.collection.deleteOne({ _id: name, holder });
  }
}
