// Rejections stored before rejection codes existed were left without one (010). Every one of them carries the English
// reason quality control gave, whose opening has named its check since the first release, so each now gets that
// check's code: a rejected photo's rejection_code is null no longer.
import type { AnyBulkWriteOperation, Db } from 'mongodb';
import type { Migration } from './migration.js';

/** Written out here rather than taken from QC: a migration keeps the texts of its day. */
const CODE_OF_REASON: readonly (readonly [string, string])[] = [
  ['Photo file is too large:', 'TOO_LARGE'],
  ['Unsupported file type:', 'UNSUPPORTED_TYPE'],
  ['Photo could not be read:', 'UNREADABLE'],
  ['Photo is too large:', 'TOO_MANY_PIXELS'],
  ['Photo is too small:', 'TOO_SMALL'],
  ['Photo is too dark:', 'TOO_DARK'],
  ['Photo is too bright:', 'TOO_BRIGHT'],
  ['Photo is blurry:', 'BLURRY'],
  ['Photo is a duplicate of', 'DUPLICATE'],
];

const BATCH = 500;

interface OldRejection {
  _id: string;
  reason: string | null;
}

export const captureRejectionCodes: Migration = {
  id: '024-capture-rejection-codes',
  async up(db: Db) {
    const captures = db.collection<OldRejection>('captures');
    const uncoded = { approved: false, rejection_code: null };
    // Those no opening matches (none QC wrote) are skipped after being read once, so the loop ends.
    const unmatched: string[] = [];
    for (;;) {
      const batch = await captures
        .find({ ...uncoded, _id: { $nin: unmatched } }, { projection: { reason: 1 } })
        .limit(BATCH)
        .toArray();
      if (batch.length === 0) return;
      const writes: AnyBulkWriteOperation<OldRejection>[] = [];
      for (const capture of batch) {
        const code = CODE_OF_REASON.find(([opening]) => capture.reason?.startsWith(opening))?.[1];
        if (code) writes.push({ updateOne: { filter: { _id: capture._id, ...uncoded }, update: { $set: { rejection_code: code } } } });
        else unmatched.push(capture._id);
      }
      if (writes.length > 0) await captures.bulkWrite(writes);
    }
  },
};
