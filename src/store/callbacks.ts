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
  /**
   * false once disabled: a receiver answered 410 Gone, every attempt failed for CALLBACK_DISABLE_DAYS, or the API
   * asked for it ("disabled": true). Updating the callback, or "disabled": false, turns it back on.
   */
  active: boolean;
  /** Why it is disabled, in words; null while active. */
  disabled_reason: string | null;
  /** The first failed attempt since the last successful one (test sends aside); null while the receiver answers. */
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type CallbackSetting = Pick<CallbackDocument, 'url' | 'method' | 'headers' | 'payload'>;

/** An enabled callback, counting its failures afresh. */
const ENABLED = { active: true, disabled_reason: null, failing_since: null } as const;

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
        $set: { ...setting, ...ENABLED, updated_at: now },
        $setOnInsert: { secrets: [{ secret: newSecret, expires_at: null }], created_at: now },
      },
      { upsert: true, returnDocument: 'after' },
    );
  }

  /** Replaces the setting; enabled again, unless `disabledReason` says why it stays off. */
  update(apiKey: string, event: string, setting: Partial<CallbackSetting>, now: Date, disabledReason: string | null = null) {
    const state = disabledReason === null ? ENABLED : { active: false, disabled_reason: disabledReason };
    return this.collection.findOneAndUpdate({ api_key: apiKey, event }, { $set: { ...setting, ...state, updated_at: now } }, { returnDocument: 'after' });
  }

  replaceSecrets(apiKey: string, event: string, secrets: SigningSecret[], now: Date) {
    return this.collection.findOneAndUpdate({ api_key: apiKey, event }, { $set: { secrets, updated_at: now } }, { returnDocument: 'after' });
  }

  /**
   * After a 410 Gone from `url`: turns the callback off, unless its URL changed since that request was sent (a
   * new target deserves its own chance). Updating the callback turns it back on. True when this call turned it off.
   */
  async deactivate(apiKey: string, event: string, url: string, reason: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne(
      { api_key: apiKey, event, url, active: true },
      { $set: { active: false, disabled_reason: reason, updated_at: now } },
    );
    return modifiedCount === 1;
  }

  /** A failed attempt: the callback is failing from `now`, unless it was already. True when this call marked it. */
  async markFailing(apiKey: string, event: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne({ api_key: apiKey, event, failing_since: null }, { $set: { failing_since: now } });
    return modifiedCount === 1;
  }

  /** A successful attempt: the callback is no longer failing. */
  async clearFailing(apiKey: string, event: string): Promise<void> {
    await this.collection.updateOne({ api_key: apiKey, event, failing_since: { $ne: null } }, { $set: { failing_since: null } });
  }

  /**
   * Moves the start of a failing run that a success interrupted (one the tracker missed) to `now`, if it is still
   * `since`.
   */
  async restartFailing(apiKey: string, event: string, since: Date, now: Date): Promise<void> {
    await this.collection.updateOne({ api_key: apiKey, event, failing_since: since }, { $set: { failing_since: now } });
  }

  /**
   * Turns off a callback that has been failing since `since`, if it is still enabled and still failing since then,
   * so of several instances seeing the same failure exactly one disables it (and tells the owners). True when this
   * call turned it off.
   */
  async disableFailing(apiKey: string, event: string, since: Date, reason: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne(
      { api_key: apiKey, event, active: true, failing_since: since },
      { $set: { active: false, disabled_reason: reason, updated_at: now } },
    );
    return modifiedCount === 1;
  }

  async delete(apiKey: string, event: string): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ api_key: apiKey, event });
    return deletedCount === 1;
  }
}
