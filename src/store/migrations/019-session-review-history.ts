// What a review leaves on a session (who completed it and when, a reopening, its corrections, the photos the detector
// could not analyse) is on every session from its creation, empty until a review fills it. Sessions stored before had
// none of it until then and were read as empty; they now hold the empty values.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

/** Written out here rather than taken from the store: a migration keeps the shape of its day. */
const EMPTY = {
  detector_unanalysed: [],
  reviewed_by: null,
  reviewed_at: null,
  review_reopened: null,
  revision_started: null,
  review_revisions: [],
} as const;

export const sessionReviewHistory: Migration = {
  id: '019-session-review-history',
  async up(db: Db) {
    const sessions = db.collection('inspection_sessions');
    for (const [field, value] of Object.entries(EMPTY)) await sessions.updateMany({ [field]: { $exists: false } }, { $set: { [field]: value } });
  },
};
