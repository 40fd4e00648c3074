// Sessions stored before the service recorded who created them get `source: "api"`: the API was the only way to
// create one before the dashboard could, and the results of those sessions were fixed without the field.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const sessionSource: Migration = {
  id: '003-session-source',
  async up(db: Db) {
    await db.collection('inspection_sessions').updateMany({ source: { $exists: false } }, { $set: { source: 'api' } });
  },
};
