// Damage records stored before scores, notes, authors and change times existed get the values they were read with:
// no score, an empty note, no author, and a last change at their creation.
import type { Db } from 'mongodb';
import { fillMissing } from './fill-missing.js';
import type { Migration } from './migration.js';

export const damageRecordDetails: Migration = {
  id: '023-damage-record-details',
  async up(db: Db) {
    const damages = db.collection('damages');
    for (const [field, value] of [
      ['score', null],
      ['note', ''],
      ['created_by', null],
    ] as const) {
      await damages.updateMany({ [field]: { $exists: false } }, { $set: { [field]: value } });
    }
    await fillMissing<{ _id: unknown; created_at: Date }>(db, 'damages', 'updated_at', { created_at: 1 }, (record) => record.created_at);
  },
};
