// The api_keys collection: an account's further API keys (docs/rest-guide.md "Test keys"). The account's first key
// stays on the account itself, which keeps naming the tenant of every stored record; these keys sign requests for
// the same account, and each has callbacks of its own (stored under the key).
import type { Collection, Db, ObjectId } from 'mongodb';
import type { AccountId } from '../domain/account.js';
import { storedAccountId } from './stored-ids.js';
import type { ApiKeyMode } from '../domain/api-keys.js';

export interface ApiKeyDocument {
  /** The API-Key header value. */
  _id: string;
  account_id: ObjectId;
  api_secret: string;
  mode: ApiKeyMode;
  label: string | null;
  created_at: Date;
}

export class ApiKeyStore {
  private readonly collection: Collection<ApiKeyDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ApiKeyDocument>('api_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ account_id: 1, created_at: 1 });
  }

  async insert(key: ApiKeyDocument): Promise<void> {
    await this.collection.insertOne(key);
  }

  find(apiKey: string): Promise<ApiKeyDocument | null> {
    return this.collection.findOne({ _id: apiKey });
  }

  listForAccount(accountId: AccountId): Promise<ApiKeyDocument[]> {
    return this.collection
      .find({ account_id: storedAccountId(accountId) })
      .sort({ created_at: 1, _id: 1 })
      .toArray();
  }

  async countForAccount(accountId: AccountId): Promise<number> {
    return this.collection.countDocuments({ account_id: storedAccountId(accountId) });
  }

  /** Removes the account's key; false when it has no such key. */
  async delete(accountId: AccountId, apiKey: string): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ _id: apiKey, account_id: storedAccountId(accountId) });
    return deletedCount === 1;
  }
}
