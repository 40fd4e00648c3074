// Captures stored before rejection codes, the VIN barcode reading and the vehicle check existed record that none of
// them was made: no code (a rejection of then is told by its reason alone), no VIN read, not checked.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

const NOT_MADE = ['rejection_code', 'decoded_vin', 'vehicle_check', 'vehicle_box'] as const;

export const captureChecks: Migration = {
  id: '010-capture-checks',
  async up(db: Db) {
    const captures = db.collection('captures');
    for (const field of NOT_MADE) await captures.updateMany({ [field]: { $exists: false } }, { $set: { [field]: null } });
  },
};
