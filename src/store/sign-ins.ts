// The sign_ins collection: one server-side record per browser sign-in. Only the SHA-256 of the cookie value is
// stored, so a database read does not yield a usable cookie. Documents are mapped to SignIn records (domain/sign-in.ts).
import type { Collection, Db } from 'mongodb';
import type { SignIn } from '../domain/sign-in.js';

interface SignInDocument {
  /** Hex SHA-256 of the random cookie value. */
  _id: string;
  username: string;
  api_key: string;
  created_at: Date;
  last_seen_at: Date;
  /** A TTL index removes the record after this. */
  expires_at: Date;
}

function toSignIn(document: SignInDocument): SignIn {
  return {
    id: document._id,
    username: document.username,
    apiKey: document.api_key,
    createdAt: document.created_at,
    lastSeenAt: document.last_seen_at,
    expiresAt: document.expires_at,
  };
}

function toDocument(signIn: SignIn): SignInDocument {
  return {
    _id: signIn.id,
    username: signIn.username,
    api_key: signIn.apiKey,
    created_at: signIn.createdAt,
    last_seen_at: signIn.lastSeenAt,
    expires_at: signIn.expiresAt,
  };
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

  async insert(signIn: SignIn): Promise<void> {
    await this.collection.insertOne(toDocument(signIn));
  }

  async findById(id: string): Promise<SignIn | null> {
    const found = await this.collection.findOne({ _id: id });
    return found && toSignIn(found);
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
