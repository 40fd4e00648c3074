// The sign_ins collection: one server-side record per browser sign-in. Only the SHA-256 of the cookie value is
// stored, so a database read does not yield a usable cookie.
import type { Collection, Db } from 'mongodb';

export interface SignInDocument {
  /** Hex SHA-256 of the random cookie value. */
  _id: string;
  username: string;
  api_key: string;
  created_at: Date;
  /** Last time the idle window was renewed (written at most once a minute, not on every request). */
  last_seen_at: Date;
  /** When the record ends at the latest (idle or absolute limit); a TTL index removes it after that. */
  expires_at: Date;
}

export class SignInStore {
  private readonly collection: Collection<SignInDocument>;

  constructor(db: Db) {
    this.collection = db.collection<SignInDocument>('sign_ins');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username: 1 });
    // Clean-up only: validity is always checked against the clock when a record is read.
    await this.collection.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 });
  }

  async insert(signIn: SignInDocument): Promise<void> {
    await this.collection.insertOne(signIn);
  }

  findById(id: string): Promise<SignInDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  async renew(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { last_seen_at: lastSeenAt, expires_at: expiresAt } });
  }

  async delete(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }

  async deleteByUsername(username: string): Promise<void> {
    await this.collection.deleteMany({ username });
  }

  /** Ends every sign-in of the user but the one with id `keepId` (the browser that asked). */
  async deleteByUsernameExcept(username: string, keepId: string): Promise<void> {
    await this.collection.deleteMany({ username, _id: { $ne: keepId } });
  }
}
