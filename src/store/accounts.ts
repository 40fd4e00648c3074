// The accounts collection: integrator identities, their HMAC secrets and session settings. Documents are mapped to
// Account records (domain/account.ts) here, so nothing outside the store knows the stored shape.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { CaptureLanguage } from '../domain/languages.js';
import type { LogoType } from '../domain/account-logo.js';
import type { Account, AccountId, AccountLogo, AccountSettingsUpdate, NewAccount, ReviewMode } from '../domain/account.js';
import type { Theme } from '../domain/themes.js';
import { storedAccountId } from './stored-ids.js';
import { storedFields, type StoredFields } from './stored-fields.js';

export interface AccountDocument {
  _id: ObjectId;
  username: string;
  api_key: string;
  api_secret: string;
  previous_secret: { secret: string; expires_at: Date } | null;
  expiration_hours: number;
  /** One of the themes (migration 012 replaced any other value). */
  default_theme: Theme;
  redirect_url: string | null;
  review_mode: ReviewMode;
  display_name: string;
  brand_color: string | null;
  default_language: CaptureLanguage;
  notification_emails: string[];
  logo: LogoDocument | null;
  created_at: Date;
  updated_at: Date;
}

interface LogoDocument {
  token: string;
  file_key: string;
  mime_type: LogoType;
  width: number;
  height: number;
  updated_at: Date;
}

function toLogo(logo: LogoDocument | null): AccountLogo | null {
  return logo && { token: logo.token, fileKey: logo.file_key, mimeType: logo.mime_type, width: logo.width, height: logo.height, updatedAt: logo.updated_at };
}

function logoDocument(logo: AccountLogo | null): LogoDocument | null {
  return logo && { token: logo.token, file_key: logo.fileKey, mime_type: logo.mimeType, width: logo.width, height: logo.height, updated_at: logo.updatedAt };
}

function toAccount(document: AccountDocument): Account {
  return {
    id: document._id,
    username: document.username,
    apiKey: document.api_key,
    apiSecret: document.api_secret,
    previousSecret: document.previous_secret && { secret: document.previous_secret.secret, expiresAt: document.previous_secret.expires_at },
    expirationHours: document.expiration_hours,
    defaultTheme: document.default_theme,
    redirectUrl: document.redirect_url,
    reviewMode: document.review_mode,
    displayName: document.display_name,
    brandColor: document.brand_color,
    defaultLanguage: document.default_language,
    notificationEmails: document.notification_emails,
    logo: toLogo(document.logo),
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

function toDocument(account: NewAccount): Omit<AccountDocument, '_id'> {
  return {
    username: account.username,
    api_key: account.apiKey,
    api_secret: account.apiSecret,
    previous_secret: account.previousSecret && { secret: account.previousSecret.secret, expires_at: account.previousSecret.expiresAt },
    expiration_hours: account.expirationHours,
    default_theme: account.defaultTheme,
    redirect_url: account.redirectUrl,
    review_mode: account.reviewMode,
    display_name: account.displayName,
    brand_color: account.brandColor,
    default_language: account.defaultLanguage,
    notification_emails: account.notificationEmails,
    logo: logoDocument(account.logo),
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

/** The stored name of each setting. */
const SETTING_FIELDS: StoredFields<AccountSettingsUpdate, AccountDocument> = {
  expirationHours: 'expiration_hours',
  defaultTheme: 'default_theme',
  redirectUrl: 'redirect_url',
  reviewMode: 'review_mode',
  displayName: 'display_name',
  brandColor: 'brand_color',
  defaultLanguage: 'default_language',
  notificationEmails: 'notification_emails',
};

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

  async insert(account: NewAccount): Promise<Account> {
    const { insertedId } = await this.collection.insertOne(toDocument(account) as AccountDocument);
    return { ...account, id: insertedId };
  }

  async findByApiKey(apiKey: string): Promise<Account | null> {
    const found = await this.collection.findOne({ api_key: apiKey });
    return found && toAccount(found);
  }

  async findById(id: AccountId): Promise<Account | null> {
    const found = await this.collection.findOne({ _id: storedAccountId(id) });
    return found && toAccount(found);
  }

  /** The account whose current logo has this token (a replaced or removed logo's token finds none). */
  async findByLogoToken(token: string): Promise<Account | null> {
    const found = await this.collection.findOne({ 'logo.token': token });
    return found && toAccount(found);
  }

  async findByUsername(username: string): Promise<Account | null> {
    const found = await this.collection.findOne({ username });
    return found && toAccount(found);
  }

  async list(): Promise<Account[]> {
    return (await this.collection.find({}).sort({ username: 1 }).toArray()).map(toAccount);
  }

  async isEmpty(): Promise<boolean> {
    return (await this.collection.countDocuments({}, { limit: 1 })) === 0;
  }

  /** Changes settings; returns the account as it is now, or null when there is none. */
  async updateSettings(username: string, update: AccountSettingsUpdate, now: Date): Promise<Account | null> {
    const updated = await this.collection.findOneAndUpdate(
      { username },
      { $set: { ...storedFields(update, SETTING_FIELDS), updated_at: now } },
      { returnDocument: 'after' },
    );
    return updated && toAccount(updated);
  }

  /**
   * Puts `logo` (or none) in place of the logo whose token is `previousToken` (null: the account had none). A
   * conditional write, atomic on every database: false when another change replaced the logo meanwhile.
   */
  async replaceLogo(account: Pick<Account, 'id' | 'apiKey'>, previousToken: string | null, logo: AccountLogo | null, now: Date): Promise<boolean> {
    const current = previousToken === null ? { $or: [{ logo: null }, { logo: { $exists: false } }] } : { 'logo.token': previousToken };
    const { matchedCount } = await this.collection.updateOne(
      { _id: storedAccountId(account.id), ...current },
      { $set: { logo: logoDocument(logo), updated_at: now } },
    );
    return matchedCount === 1;
  }

  async replaceSecret(username: string, secret: string, previous: Account['previousSecret'], now: Date): Promise<Account | null> {
    const updated = await this.collection.findOneAndUpdate(
      { username },
      { $set: { api_secret: secret, previous_secret: previous && { secret: previous.secret, expires_at: previous.expiresAt }, updated_at: now } },
      { returnDocument: 'after' },
    );
    return updated && toAccount(updated);
  }
}
