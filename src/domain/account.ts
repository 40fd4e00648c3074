// An integrator account as the code works with it: the record the account store returns, whatever shape the database
// keeps it in (src/store/accounts.ts maps one to the other). The API's names for it are the faces' business.
import type { LogoType } from './account-logo.js';
import type { CaptureLanguage } from './languages.js';
import type { Theme } from './themes.js';

/**
 * An account's id: what sessions and API keys name their account by. Its representation is the store's (an ObjectId
 * on MongoDB); the rules only compare it and write it as text.
 */
export interface AccountId {
  toHexString(): string;
}

/** manual: a person completes each review; auto: the report is generated as soon as the capture is confirmed. */
export type ReviewMode = 'manual' | 'auto';

export interface Account {
  id: AccountId;
  username: string;
  apiKey: string;
  apiSecret: string;
  /** The secret replaced by the last rotation, still accepted until `expiresAt`. */
  previousSecret: { secret: string; expiresAt: Date } | null;
  expirationHours: number;
  defaultTheme: Theme;
  redirectUrl: string | null;
  /** docs/staff.md. */
  reviewMode: ReviewMode;
  displayName: string;
  brandColor: string | null;
  /** The language of sessions created without one (docs/staff.md "Languages"). */
  defaultLanguage: CaptureLanguage;
  /** Where the staff's notices go (a session waiting for review, a disabled callback). */
  notificationEmails: string[];
  /** The account's logo, re-encoded by the service, in the file store; null without one. */
  logo: AccountLogo | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A kept logo (account-logo.ts): served at /logos/<token>.<ext>, its bytes under `fileKey` in the file store. */
export interface AccountLogo {
  token: string;
  fileKey: string;
  mimeType: LogoType;
  width: number;
  height: number;
  updatedAt: Date;
}

export type NewAccount = Omit<Account, 'id'>;

/** The settings an account's owner or the operator may change (accounts/accounts.ts checks them). */
export type AccountSettingsUpdate = Partial<
  Pick<Account, 'expirationHours' | 'defaultTheme' | 'redirectUrl' | 'reviewMode' | 'displayName' | 'brandColor' | 'defaultLanguage' | 'notificationEmails'>
>;
