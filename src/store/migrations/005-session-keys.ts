// Sessions and events stored before an account could hold several API keys: every session was made with the
// account's own key and is a live one, and its events go to that key's callbacks.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';
import { fillMissing } from './fill-missing.js';

type Keyed = { _id: string; api_key: string };

export const sessionKeys: Migration = {
  id: '005-session-keys',
  async up(db: Db) {
    await db.collection('inspection_sessions').updateMany({ test: { $exists: false } }, { $set: { test: false } });
    await fillMissing<Keyed>(db, 'inspection_sessions', 'created_with_key', { api_key: 1 }, (session) => session.api_key);
    await fillMissing<Keyed>(db, 'events', 'callback_key', { api_key: 1 }, (event) => event.api_key);
  },
};
