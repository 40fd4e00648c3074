// The accounts collection: integrator identities, their HMAC secrets and session settings.
import type { Collection, Db, ObjectId } from 'mongodb';

export interface AccountDocument {
  _id: ObjectId;
  username: string;
  api_key: string;
  api_secret: string;
  /** The secret replaced by the last rotation, still accepted until `expires_at`. */
  previous_secret: { secret: string; expires_at: Date } | null;
  expiration_hours: number;
  default_theme: string;
  redirect_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewAccount = Omit<AccountDocument, '_id'>;

export class AccountStore {
  private readonly collection: Collection<AccountDocument>;

  constructor(db: Db) {
    this.collection = db.collection<AccountDocument>('accounts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username: 1 }, { unique: true });
    await this.collection.createIndex({ api_key: 1 }, { unique: true });
  }

  async insert(account: NewAccount): Promise<AccountDocument> {
    const { insertedId } = await this.collection.insertOne(account as AccountDocument);
    return { ...account, _id: insertedId };
  }

  findByApiKey(apiKey: string): Promise<AccountDocument | null> {
    return this.collection.findOne({ api_key: apiKey });
  }

  findById(id: ObjectId): Promise<AccountDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  findByUsername(username: string): Promise<AccountDocument | null> {
    return this.collection.findOne({ username });
  }

  list(): Promise<AccountDocument[]> {
    return this.collection.find({}).sort({ username: 1 }).toArray();
  }

  async isEmpty(): Promise<boolean> {
    return (await this.collection.countDocuments({}, { limit: 1 })) === 0;
  }

  replaceSecret(username: string, secret: string, previous: AccountDocument['previous_secret'], now: Date) {
    return this.collection.findOneAndUpdate(
      { username },
      { $set: { api_secret: secret, previous_secret: previous, updated_at: now } },
      { returnDocument: 'after' },
    );
  }
}
