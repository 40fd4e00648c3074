// The odometer reading (docs/capture.md#odometer-reading) added three stored fields; documents stored before it get
// what they would have had: captures were never read (`odometer_suggested: null`), no session had a confirmed reading
// (`captured_odometer: null`), and the results of completed sessions say so (`vehicle.odom_captured` and
// `vehicle.odom_match` null: without a captured reading there is nothing to compare).
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const odometerFields: Migration = {
  id: '011-odometer-fields',
  async up(db: Db) {
    await db.collection('captures').updateMany({ odometer_suggested: { $exists: false } }, { $set: { odometer_suggested: null } });
    const sessions = db.collection('inspection_sessions');
    await sessions.updateMany({ captured_odometer: { $exists: false } }, { $set: { captured_odometer: null } });
    await sessions.updateMany(
      { 'results.vehicle': { $type: 'object' }, 'results.vehicle.odom_captured': { $exists: false } },
      { $set: { 'results.vehicle.odom_captured': null, 'results.vehicle.odom_match': null } },
    );
  },
};
