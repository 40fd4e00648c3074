// Sessions stored before `completed_at` existed get it: a completed one's last write was the move to COMPLETE, so that
// is when it completed (a capture token stops working 30 days after it, docs/limits.md); any other has null.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const sessionCompletedAt: Migration = {
  id: '002-session-completed-at',
  async up(db: Db) {
    const sessions = db.collection<{ _id: string; status: string; updated_at: Date }>('inspection_sessions');
    for (;;) {
      const batch = await sessions
        .find({ completed_at: { $exists: false } }, { projection: { status: 1, updated_at: 1 } })
        .limit(500)
        .toArray();
      if (batch.length === 0) return;
      await sessions.bulkWrite(
        batch.map((session) => ({
          updateOne: {
            filter: { _id: session._id, completed_at: { $exists: false } },
            update: { $set: { completed_at: session.status === 'COMPLETE' ? session.updated_at : null } },
          },
        })),
      );
    }
  },
};
