// The per-session caps (docs/limits.md) take slots on counters in the session document. Sessions stored before a
// counter existed get it from what the session already holds: its notes, its manual damage records (the detector's
// are not capped) and its uploads, accepted or rejected.
import type { Db } from 'mongodb';
import { fillMissing } from './fill-missing.js';
import type { Migration } from './migration.js';

type StoredSession = { _id: string; api_key: string };

const COUNTED = [
  { counter: 'notes_count', collection: 'notes', only: {} },
  { counter: 'damages_count', collection: 'damages', only: { source: 'manual' } },
  { counter: 'capture_count', collection: 'captures', only: {} },
] as const;

export const sessionCounters: Migration = {
  id: '013-session-counters',
  async up(db: Db) {
    for (const { counter, collection, only } of COUNTED) {
      await fillMissing<StoredSession>(db, 'inspection_sessions', counter, { api_key: 1 }, (session) =>
        db.collection(collection).countDocuments({ api_key: session.api_key, session_key: session._id, ...only }),
      );
    }
  },
};
