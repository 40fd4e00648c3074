// The api_keys collection: an account's further API keys (docs/rest-guide.md "Test keys"). The account's first key
// stays on the account itself, which keeps naming the tenant of every stored record; these keys sign requests for
// the same account, and each has callbacks of its own (stored under the key). Documents are mapped to ApiKey records
// (domain/api-keys.ts) here.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { AccountId } from '../domain/account.js';
import { storedAccountId } from './stored-ids.js';
import type { ApiKey, ApiKeyMode } from '../domain/api-keys.js';

interface ApiKeyDocument {
  /** The API-Key header value. */
  _id: string;
  account_id: ObjectId;
  api_secret: string;
  mode: ApiKeyMode;
  label: string | null;
  created_at: Date;
}

function toApiKey(document: ApiKeyDocument): ApiKey {
  return {
    apiKey: document._id,
    accountId: document.account_id,
    apiSecret: document.api_secret,
    mode: document.mode,
    label: document.label,
    createdAt: document.created_at,
  };
}

function toDocument(key: ApiKey): ApiKeyDocument {
  return {
    _id: key.apiKey,
    account_id: storedAccountId(key.accountId),
    api_secret: key.apiSecret,
    mode: key.mode,
    label: key.label,
    created_at: key.createdAt,
  };
}

export class ApiKeyStore {
  private readonly collection: Collection<ApiKeyDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ApiKeyDocument>('api_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ account_id: 1, created_at: 1 });
  }

  async insert(key: ApiKey): Promise<void> {
    await this.collection.insertOne(toDocument(key));
  }

  async find(apiKey: string): Promise<ApiKey | null> {
    const found = await this.collection.findOne({ _id: apiKey });
    return found && toApiKey(found);
  }

  async listForAccount(accountId: AccountId): Promise<ApiKey[]> {
    const documents = await this.collection
      .find({ account_id: storedAccountId(accountId) })
      .sort({ created_at: 1, _id: 1 })
      .toArray();
    return documents.map(toApiKey);
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
