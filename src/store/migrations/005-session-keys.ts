// Sessions and events stored before an account could hold several API keys: every session was made with the
// account's own key and is a live one, and its events go to that key's callbacks.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

const BATCH = 500;

export const sessionKeys: Migration = {
  id: '005-session-keys',
  async up(db: Db) {
    await db.collection('inspection_sessions').updateMany({ test: { $exists: false } }, { $set: { test: false } });
    await copyField(db, 'inspection_sessions', 'created_with_key');
    await copyField(db, 'events', 'callback_key');
  },
};

/** Sets `field` to the document's own `api_key` where it is missing, a batch at a time (no update pipelines). */
async function copyField(db: Db, name: string, field: string): Promise<void> {
  const collection = db.collection<{ _id: string; api_key: string }>(name);
  for (;;) {
    const batch = await collection
      .find({ [field]: { $exists: false } }, { projection: { api_key: 1 } })
      .limit(BATCH)
      .toArray();
    if (batch.length === 0) return;
    await collection.bulkWrite(
      batch.map((document) => ({
        updateOne: { filter: { _id: document._id, [field]: { $exists: false } }, update: { $set: { [field]: document.api_key } } },
      })),
    );
  }
}
