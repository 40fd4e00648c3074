// A session's theme is one of the themes: sessions are created with a checked one, and the code reads it as typed
// (which photos it asks for). A session stored with any other value could not take a photo; it now asks for PRO's,
// the theme of sessions created without one.
import type { Db } from 'mongodb';
import { THEME_NAMES } from '../../domain/themes.js';
import type { Migration } from './migration.js';

export const sessionTheme: Migration = {
  id: '016-session-theme',
  async up(db: Db) {
    await db.collection('inspection_sessions').updateMany({ theme: { $nin: THEME_NAMES } }, { $set: { theme: 'PRO' } });
  },
};
