// Damage records stored before ids, damage types, review and regions existed get them: a new id (so they can be
// changed like any other), the type their free-text `damage` names, `accepted` (every record counted before review
// existed) and no region.
import type { Db } from 'mongodb';
import { newRandomId } from '../../domain/identifiers.js';
import { fillMissing } from './fill-missing.js';
import type { Migration } from './migration.js';

export const damageRecordFields: Migration = {
  id: '007-damage-record-fields',
  async up(db: Db) {
    await fillMissing(db, 'damages', 'damage_id', { _id: 1 }, () => newRandomId(12));
    await fillMissing<{ _id: unknown; damage: string }>(db, 'damages', 'damage_type', { damage: 1 }, (record) => record.damage);
    const damages = db.collection('damages');
    await damages.updateMany({ status: { $exists: false } }, { $set: { status: 'accepted' } });
    await damages.updateMany({ region: { $exists: false } }, { $set: { region: null } });
  },
};
