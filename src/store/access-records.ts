// Session access records: tokens issued by /v1/sessions that may be presented again until they expire.
// The TTL index only cleans up; expiry is always checked in the query, since not every server enforces TTL.
import type { Collection, Db } from 'mongodb';

export interface AccessRecordDocument {
  _id: string;
  api_key: string;
  api_token: string;
  expiration: Date;
  /** Names the secret that signed the minting request; the record ends when that secret stops being valid. */
  secret_fingerprint: string;
  created_at: Date;
}

export class AccessRecordStore {
  private readonly collection: Collection<AccessRecordDocument>;

  constructor(db: Db) {
    this.collection = db.collection<AccessRecordDocument>('access_records');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ expiration: 1 }, { expireAfterSeconds: 0 });
    await this.collection.createIndex({ api_key: 1, api_token: 1 });
  }

  async insert(record: AccessRecordDocument): Promise<void> {
    await this.collection.insertOne(record);
  }

  findValid(apiKey: string, apiToken: string, now: Date): Promise<AccessRecordDocument | null> {
    return this.collection.findOne({ api_key: apiKey, api_token: apiToken, expiration: { $gt: now } });
  }
}
