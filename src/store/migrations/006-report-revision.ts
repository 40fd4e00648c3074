// Results stored before review revisions existed (docs/staff.md "Review revisions") get `report.revision: 1`: each
// was the first and only report of its session.
import type { Db } from 'mongodb';
import type { Migration } from './migration.js';

export const reportRevision: Migration = {
  id: '006-report-revision',
  async up(db: Db) {
    await db
      .collection('inspection_sessions')
      .updateMany({ 'results.report.url': { $type: 'string' }, 'results.report.revision': { $exists: false } }, { $set: { 'results.report.revision': 1 } });
  },
};
