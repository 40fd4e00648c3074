// Sessions stored before `last_activity_at` existed take their last update as their last activity (the sessions
// listing is ordered by it).
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';
import { fillMissing } from './fill-missing.js';

export const sessionLastActivity: Migration = {
  id: '001-session-last-activity',
  async up(db: Db) {
    await fillMissing<{ _id: string; updated_at: Date }>(db, 'inspection_sessions', 'last_activity_at', { updated_at: 1 }, (session) => session.updated_at);
  },
};
