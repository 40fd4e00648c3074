// An account's default theme is one of the themes (the settings check it on write); an account stored with any other
// value, or none, behaved as PRO (the theme new sessions fell back to), and now holds PRO.
import type { Db } from 'mongodb';
import { THEME_NAMES } from '../../domain/themes.js';
import type { Migration } from './migration.js';

export const accountDefaultTheme: Migration = {
  id: '012-account-default-theme',
  async up(db: Db) {
    await db.collection('accounts').updateMany({ default_theme: { $nin: THEME_NAMES } }, { $set: { default_theme: 'PRO' } });
  },
};
