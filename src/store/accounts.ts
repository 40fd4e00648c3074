// The accounts collection: integrator identities, their HMAC secrets and session settings.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { CaptureLanguage } from '../domain/languages.js';
import type { LogoType } from '../domain/account-logo.js';

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
  /** docs/staff.md. */
  review_mode: ReviewMode;
  display_name: string;
  brand_color: string | null;
  /** The language of sessions created without one (docs/staff.md "Languages"). */
  default_language: CaptureLanguage;
  /** Where the staff's notices go (a session waiting for review, a disabled callback). */
  notification_emails: string[];
  /** The account's logo, re-encoded by the service, in the file store; null without one. */
  logo: AccountLogo | null;
  created_at: Date;
  updated_at: Date;
}

/** A kept logo (domain/account-logo.ts): served at /logos/<token>.<ext>, its bytes under `file_key` in the file store. */
export interface AccountLogo {
  token: string;
  file_key: string;
  mime_type: LogoType;
  width: number;
  height: number;
  updated_at: Date;
}

export type NewAccount = Omit<AccountDocument, '_id'>;

/** manual: a person completes each review; auto: the report is generated as soon as the capture is confirmed. */
export type ReviewMode = 'manual' | 'auto';

/** The review, branding, language and notice settings of an account. */
export function accountSettings(account: AccountDocument): {
  review_mode: ReviewMode;
  display_name: string;
  brand_color: string | null;
  default_language: CaptureLanguage;
  notification_emails: string[];
} {
  return {
    default_language: account.default_language,
    review_mode: account.review_mode,
    display_name: account.display_name,
    brand_color: account.brand_color,
    notification_emails: account.notification_emails,
  };
}

export type AccountSettingsUpdate = Partial<
  Pick<
    AccountDocument,
    'expiration_hours' | 'default_theme' | 'redirect_url' | 'review_mode' | 'display_name' | 'brand_color' | 'default_language' | 'notification_emails'
  >
>;

export class AccountStore {
  private readonly collection: Collection<AccountDocument>;

  constructor(db: Db) {
    this.collection = db.collection<AccountDocument>('accounts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username: 1 }, { unique: true });
    await this.collection.createIndex({ api_key: 1 }, { unique: true });
    await this.collection.createIndex({ 'logo.token': 1 }, { partialFilterExpression: { 'logo.token': { $type: 'string' } } });
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

  /** The account whose current logo has this token (a replaced or removed logo's token finds none). */
  findByLogoToken(token: string): Promise<AccountDocument | null> {
    return this.collection.findOne({ 'logo.token': token });
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

  /** Changes settings; returns the account as it is now, or null when there is none. */
  updateSettings(username: string, set: AccountSettingsUpdate, now: Date) {
    return this.collection.findOneAndUpdate({ username }, { $set: { ...set, updated_at: now } }, { returnDocument: 'after' });
  }

  /**
   * Puts `logo` (or none) in place of the logo whose token is `previousToken` (null: the account had none). A
   * conditional write, atomic on every database: false when another change replaced the logo meanwhile.
   */
  async replaceLogo(account: Pick<AccountDocument, '_id' | 'api_key'>, previousToken: string | null, logo: AccountLogo | null, now: Date): Promise<boolean> {
    const current = previousToken === null ? { $or: [{ logo: null }, { logo: { $exists: false } }] } : { 'logo.token': previousToken };
    const { matchedCount } = await this.collection.updateOne({ _id: account._id, ...current }, { $set: { logo, updated_at: now } });
    return matchedCount === 1;
  }

  replaceSecret(username: string, secret: string, previous: AccountDocument['previous_secret'], now: Date) {
    return this.collection.findOneAndUpdate(
      { username },
      { $set: { api_secret: secret, previous_secret: previous, updated_at: now } },
      { returnDocument: 'after' },
    );
  }
}
