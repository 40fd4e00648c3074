// Whether a confirmed session waits for a person's review, and whether a damage detector looked at its photos, are
// set on every session from its creation. Sessions stored before had neither until it became true, and behaved as
// false; they now say false.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const sessionReviewFlags: Migration = {
  id: '018-session-review-flags',
  async up(db: Db) {
    const sessions = db.collection('inspection_sessions');
    for (const field of ['review_pending', 'detector_ran']) await sessions.updateMany({ [field]: { $exists: false } }, { $set: { [field]: false } });
  },
};
