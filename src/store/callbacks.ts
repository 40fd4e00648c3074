// Callback settings: at most one per (api_key, event), enforced by a unique index.
import type { Collection, Db, ObjectId } from 'mongodb';

export type CallbackMethod = 'POST' | 'PUT' | 'PATCH';

export interface SigningSecret {
  secret: string;
  /** null for the current secret; a rotated-out secret signs until this time. */
  expires_at: Date | null;
}

export interface CallbackDocument {
  _id: ObjectId;
  api_key: string;
  event: string;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  secrets: SigningSecret[];
  /** false after a receiver answered 410 Gone; updating the callback turns it back on. */
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export type CallbackSetting = Pick<CallbackDocument, 'url' | 'method' | 'headers' | 'payload'>;

export class CallbackStore {
  private readonly collection: Collection<CallbackDocument>;

  constructor(db: Db) {
    this.collection = db.collection<CallbackDocument>('callbacks');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, event: 1 }, { unique: true });
  }

  list(apiKey: string): Promise<CallbackDocument[]> {
    return this.collection.find({ api_key: apiKey }).sort({ event: 1 }).toArray();
  }

  find(apiKey: string, event: string): Promise<CallbackDocument | null> {
    return this.collection.findOne({ api_key: apiKey, event });
  }

  /** Creates the event's callback, or replaces its setting while keeping its signing secrets. */
  upsert(apiKey: string, event: string, setting: CallbackSetting, newSecret: string, now: Date) {
    return this.collection.findOneAndUpdate(
      { api_key: apiKey, event },
      {
        $set: { ...setting, active: true, updated_at: now },
        $setOnInsert: { secrets: [{ secret: newSecret, expires_at: null }], created_at: now },
      },
      { upsert: true, returnDocument: 'after' },
    );
  }

  update(apiKey: string, event: string, setting: CallbackSetting, now: Date) {
    return this.collection.findOneAndUpdate({ api_key: apiKey, event }, { $set: { ...setting, active: true, updated_at: now } }, { returnDocument: 'after' });
  }

  replaceSecrets(apiKey: string, event: string, secrets: SigningSecret[], now: Date) {
    return this.collection.findOneAndUpdate({ api_key: apiKey, event }, { $set: { secrets, updated_at: now } }, { returnDocument: 'after' });
  }

  /**
   * After a 410 Gone from `url`: turns the callback off, unless its URL changed since that request was sent (a
   * new target deserves its own chance). Updating the callback turns it back on.
   */
  async deactivate(apiKey: string, event: string, url: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne({ api_key: apiKey, event, url, active: true }, { $set: { active: false, updated_at: now } });
    return modifiedCount === 1;
  }

  async delete(apiKey: string, event: string): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ api_key: apiKey, event });
    return deletedCount === 1;
  }
}
