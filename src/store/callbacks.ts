// Callback settings: at most one per (api_key, event), enforced by a unique index. Documents are mapped to Callback
// records (domain/callback.ts) here, so nothing outside the store knows the stored shape.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { Callback, CallbackMethod, CallbackSetting, SigningSecret } from '../domain/callback.js';

interface SigningSecretDocument {
  secret: string;
  expires_at: Date | null;
}

interface CallbackDocument {
  _id: ObjectId;
  api_key: string;
  event: string;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  secrets: SigningSecretDocument[];
  active: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toCallback(document: CallbackDocument): Callback {
  return {
    apiKey: document.api_key,
    event: document.event,
    url: document.url,
    method: document.method,
    headers: document.headers,
    payload: document.payload,
    secrets: document.secrets.map((secret) => ({ secret: secret.secret, expiresAt: secret.expires_at })),
    active: document.active,
    disabledReason: document.disabled_reason,
    failingSince: document.failing_since,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

function secretDocuments(secrets: readonly SigningSecret[]): SigningSecretDocument[] {
  return secrets.map((secret) => ({ secret: secret.secret, expires_at: secret.expiresAt }));
}

/** The stored fields of a (partial) setting: the same names, but only those given. */
function settingDocument(setting: Partial<CallbackSetting>): Partial<Pick<CallbackDocument, 'url' | 'method' | 'headers' | 'payload'>> {
  const { url, method, headers, payload } = setting;
  return {
    ...(url !== undefined && { url }),
    ...(method !== undefined && { method }),
    ...(headers !== undefined && { headers }),
    ...(payload !== undefined && { payload }),
  };
}

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

  async list(apiKey: string): Promise<Callback[]> {
    return (await this.collection.find({ api_key: apiKey }).sort({ event: 1 }).toArray()).map(toCallback);
  }

  async find(apiKey: string, event: string): Promise<Callback | null> {
    const found = await this.collection.findOne({ api_key: apiKey, event });
    return found && toCallback(found);
  }

  /** Creates the event's callback, or replaces its setting while keeping its signing secrets. */
  async upsert(apiKey: string, event: string, setting: CallbackSetting, newSecret: string, now: Date): Promise<Callback | null> {
    const saved = await this.collection.findOneAndUpdate(
      { api_key: apiKey, event },
      {
        $set: { ...settingDocument(setting), ...ENABLED, updated_at: now },
        $setOnInsert: { secrets: [{ secret: newSecret, expires_at: null }], created_at: now },
      },
      { upsert: true, returnDocument: 'after' },
    );
    return saved && toCallback(saved);
  }

  /** Replaces the setting; enabled again, unless `disabledReason` says why it stays off. */
  async update(apiKey: string, event: string, setting: Partial<CallbackSetting>, now: Date, disabledReason: string | null = null): Promise<Callback | null> {
    const state = disabledReason === null ? ENABLED : { active: false, disabled_reason: disabledReason };
    const updated = await this.collection.findOneAndUpdate(
      { api_key: apiKey, event },
      { $set: { ...settingDocument(setting), ...state, updated_at: now } },
      { returnDocument: 'after' },
    );
    return updated && toCallback(updated);
  }

  async replaceSecrets(apiKey: string, event: string, secrets: readonly SigningSecret[], now: Date): Promise<Callback | null> {
    const updated = await this.collection.findOneAndUpdate(
      { api_key: apiKey, event },
      { $set: { secrets: secretDocuments(secrets), updated_at: now } },
      { returnDocument: 'after' },
    );
    return updated && toCallback(updated);
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
