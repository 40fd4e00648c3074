// Sessions stored before the search existed get the words its `q` matches (domain/session-search.ts), from their
// key, vehicle and options as stored.
import type { Db } from 'mongodb';
import { sessionSearchTerms } from '../../domain/session-search.js';
import type { SessionOptions } from '../../domain/session-input.js';
import type { Migration } from './migration.js';
import { fillMissing } from './fill-missing.js';

type StoredSession = { _id: string; vehicle: { vin: string | null }; options: SessionOptions };

export const sessionSearchTermsMigration: Migration = {
  id: '004-session-search-terms',
  async up(db: Db) {
    await fillMissing<StoredSession>(db, 'inspection_sessions', 'search_terms', { vehicle: 1, options: 1 }, (session) =>
      sessionSearchTerms({ key: session._id, vin: session.vehicle?.vin ?? null, options: session.options }),
    );
  },
};
