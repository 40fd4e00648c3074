// Session access records: tokens issued by /v1/sessions that may be presented again until they expire. Documents are
// mapped to AccessRecord records (domain/access-record.ts) here.
// The TTL index only cleans up; expiry is always checked in the query, since not every server enforces TTL.
import type { Collection, Db } from 'mongodb';
import type { AccessRecord } from '../domain/access-record.js';

interface AccessRecordDocument {
  _id: string;
  api_key: string;
  api_token: string;
  expiration: Date;
  secret_fingerprint: string;
  created_at: Date;
}

function toAccessRecord(document: AccessRecordDocument): AccessRecord {
  return {
    id: document._id,
    apiKey: document.api_key,
    apiToken: document.api_token,
    expiration: document.expiration,
    secretFingerprint: document.secret_fingerprint,
    createdAt: document.created_at,
  };
}

function toDocument(record: AccessRecord): AccessRecordDocument {
  return {
    _id: record.id,
    api_key: record.apiKey,
    api_token: record.apiToken,
    expiration: record.expiration,
    secret_fingerprint: record.secretFingerprint,
    created_at: record.createdAt,
  };
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

  async insert(record: AccessRecord): Promise<void> {
    await this.collection.insertOne(toDocument(record));
  }

  async findValid(apiKey: string, apiToken: string, now: Date): Promise<AccessRecord | null> {
    const found = await this.collection.findOne({ api_key: apiKey, api_token: apiToken, expiration: { $gt: now } });
    return found && toAccessRecord(found);
  }
}
