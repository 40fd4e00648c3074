// Sessions stored before `last_activity_at` existed take their last update as their last activity (the sessions
// listing is ordered by it).
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const sessionLastActivity: Migration = {
  id: '001-session-last-activity',
  async up(db: Db) {
    const sessions = db.collection<{ _id: string; updated_at: Date }>('inspection_sessions');
    for (;;) {
      const batch = await sessions
        .find({ last_activity_at: { $exists: false } }, { projection: { updated_at: 1 } })
        .limit(500)
        .toArray();
      if (batch.length === 0) return;
      await sessions.bulkWrite(
        batch.map((session) => ({
          updateOne: { filter: { _id: session._id, last_activity_at: { $exists: false } }, update: { $set: { last_activity_at: session.updated_at } } },
        })),
      );
    }
  },
};
