// A typed VIN, the start of report generation, the report's shareable link and the SMS invitation's outcome are on
// every session from its creation, null until they happen. Sessions stored before had none of them until then and
// were read as null; they now hold null.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

/** Written out here rather than taken from the store: a migration keeps the shape of its day. */
const LATE_FIELDS = ['typed_vin', 'report_started', 'report_link', 'sms_delivery'] as const;

export const sessionLateFields: Migration = {
  id: '020-session-late-fields',
  async up(db: Db) {
    const sessions = db.collection('inspection_sessions');
    for (const field of LATE_FIELDS) await sessions.updateMany({ [field]: { $exists: false } }, { $set: { [field]: null } });
  },
};
