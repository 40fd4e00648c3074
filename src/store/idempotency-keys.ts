// Idempotency keys claimed by writes (docs/rest-guide.md). A key is claimed by inserting a document whose `_id` names
// the API key and the idempotency key: an insert against the unique `_id` is atomic on MongoDB and on the embedded
// database alike, so of several instances receiving the same key at once exactly one runs the request. The TTL index
// only cleans up; expiry is always checked on read, since not every server enforces TTL.
import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from './database.js';
import type { IdempotencyClaim, IdempotencyRecord, StoredAnswer } from '../domain/idempotency.js';

interface IdempotencyKeyDocument {
  /** `<api_key> <idempotency key>`: an API key holds no space, so the pair reads back unambiguously. */
  _id: string;
  fingerprint: string;
  /** Random per claim, so only the request that made a claim settles or releases it. */
  claim: string;
  claimed_at: Date;
  expires_at: Date;
  answer: { status: number; body: string; content_type: string } | null;
}

export class IdempotencyKeyStore {
  private readonly collection: Collection<IdempotencyKeyDocument>;

  constructor(db: Db) {
    this.collection = db.collection<IdempotencyKeyDocument>('idempotency_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 });
  }

  /** True when this call claimed the key; false when it was already claimed (by anyone). */
  async claim(claim: IdempotencyClaim): Promise<boolean> {
    try {
      await this.collection.insertOne({
        _id: documentId(claim.apiKey, claim.key),
        fingerprint: claim.fingerprint,
        claim: claim.claim,
        claimed_at: claim.claimedAt,
        expires_at: claim.expiresAt,
        answer: null,
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async find(apiKey: string, key: string): Promise<(IdempotencyRecord & { claim: string }) | null> {
    const document = await this.collection.findOne({ _id: documentId(apiKey, key) });
    if (!document) return null;
    return {
      fingerprint: document.fingerprint,
      claim: document.claim,
      claimedAt: document.claimed_at,
      expiresAt: document.expires_at,
      answer: document.answer && { status: document.answer.status, body: document.answer.body, contentType: document.answer.content_type },
    };
  }

  /** Keeps the answer of the request that holds `claim`. */
  async settle(apiKey: string, key: string, claim: string, answer: StoredAnswer): Promise<void> {
    await this.collection.updateOne(
      { _id: documentId(apiKey, key), claim },
      { $set: { answer: { status: answer.status, body: answer.body, content_type: answer.contentType } } },
    );
  }

  /** Gives the key up, if `claim` still holds it (a failed request, or a stale record being replaced). */
  async release(apiKey: string, key: string, claim: string): Promise<void> {
    await this.collection.deleteOne({ _id: documentId(apiKey, key), claim });
  }
}

function documentId(apiKey: string, key: string): string {
  return `${apiKey} ${key}`;
}
