// Sessions stored before the search existed get the words its `q` matches (domain/session-search.ts), from their
// key, vehicle and options as stored.
import type { Db } from 'mongodb';
import { sessionSearchTerms } from '../../domain/session-search.js';
import type { SessionOptions } from '../../domain/session-input.js';
import type { Migration } from './migration.js';

export const sessionSearchTermsMigration: Migration = {
  id: '004-session-search-terms',
  async up(db: Db) {
    const sessions = db.collection<{ _id: string; vehicle: { vin: string | null }; options: SessionOptions }>('inspection_sessions');
    for (;;) {
      const batch = await sessions
        .find({ search_terms: { $exists: false } }, { projection: { vehicle: 1, options: 1 } })
        .limit(500)
        .toArray();
      if (batch.length === 0) return;
      await sessions.bulkWrite(
        batch.map((session) => ({
          updateOne: {
            filter: { _id: session._id, search_terms: { $exists: false } },
            update: { $set: { search_terms: sessionSearchTerms({ key: session._id, vin: session.vehicle?.vin ?? null, options: session.options }) } },
          },
        })),
      );
    }
  },
};
