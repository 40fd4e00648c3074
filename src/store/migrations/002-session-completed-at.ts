// Sessions stored before `completed_at` existed get it: a completed one's last write was the move to COMPLETE, so that
// is when it completed (a capture token stops working 30 days after it, docs/limits.md); any other has null.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';
import { fillMissing } from './fill-missing.js';

export const sessionCompletedAt: Migration = {
  id: '002-session-completed-at',
  async up(db: Db) {
    await fillMissing<{ _id: string; status: string; updated_at: Date }>(db, 'inspection_sessions', 'completed_at', { status: 1, updated_at: 1 }, (session) =>
      session.status === 'COMPLETE' ? session.updated_at : null,
    );
  },
};
