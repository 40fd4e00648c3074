// The sign_in_failures collection: one document per failed sign-in, counted per username over a window so that
// several instances share the count and the throttle follows the service clock.
import type { Collection, Db, ObjectId } from 'mongodb';

export interface SignInFailureDocument {
  _id?: ObjectId;
  username: string;
  at: Date;
}

export class SignInFailureStore {
  private readonly collection: Collection<SignInFailureDocument>;

  constructor(db: Db) {
    this.collection = db.collection<SignInFailureDocument>('sign_in_failures');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username: 1, at: 1 });
    // Clean-up only (a day is far beyond any window); counts always filter by time.
    await this.collection.createIndex({ at: 1 }, { expireAfterSeconds: 24 * 60 * 60 });
  }

  async record(username: string, at: Date): Promise<void> {
    await this.collection.insertOne({ username, at });
  }

  /** The failures since `since`, oldest first (at most `limit`). */
  async since(username: string, since: Date, limit: number): Promise<Date[]> {
    const found = await this.collection
      .find({ username, at: { $gt: since } })
      .sort({ at: 1 })
      .limit(limit)
      .toArray();
    return found.map((failure) => failure.at);
  }

  async clear(username: string): Promise<void> {
    await this.collection.deleteMany({ username });
  }
}
