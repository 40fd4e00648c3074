// Accounts stored before the review, branding, language and notice settings existed get the values they behaved
// with: manual review, their username as the name shown, no brand colour, English, no notice addresses, no logo.
import type { Db } from 'mongodb';
import { fillMissing } from './fill-missing.js';
import type { Migration } from './migration.js';

const DEFAULTS = { review_mode: 'manual', brand_color: null, default_language: 'en', notification_emails: [], logo: null } as const;

export const accountSettings: Migration = {
  id: '008-account-settings',
  async up(db: Db) {
    await fillMissing<{ _id: unknown; username: string }>(db, 'accounts', 'display_name', { username: 1 }, (account) => account.username);
    const accounts = db.collection('accounts');
    for (const [field, value] of Object.entries(DEFAULTS)) await accounts.updateMany({ [field]: { $exists: false } }, { $set: { [field]: value } });
  },
};
