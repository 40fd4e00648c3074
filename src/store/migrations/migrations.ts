// Versioned one-time changes of the stored shape. Each runs once per database, in order, under a lease so that of
// several instances starting together one runs it and the others wait, and is recorded in the `migrations`
// collection when done. A migration must be safe to run again (an instance may stop half-way): each one changes only
// the documents still in the old shape. The code reads the shape the last migration leaves, with no fallbacks.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import type { Logger } from '../../logger.js';
import type { LeaseStore } from '../leases.js';
import type { Migration } from './migration.js';
import { sessionLastActivity } from './001-session-last-activity.js';
import { sessionCompletedAt } from './002-session-completed-at.js';
import { sessionSource } from './003-session-source.js';
import { sessionSearchTermsMigration } from './004-session-search-terms.js';
import { sessionKeys } from './005-session-keys.js';
import { reportRevision } from './006-report-revision.js';
import { damageRecordFields } from './007-damage-record-fields.js';
import { accountSettings } from './008-account-settings.js';
import { callbackState } from './009-callback-state.js';
import { captureChecks } from './010-capture-checks.js';
import { odometerFields } from './011-odometer-fields.js';
import { accountDefaultTheme } from './012-account-default-theme.js';
import { sessionCounters } from './013-session-counters.js';
import { capturePhotoKeys } from './014-capture-photo-keys.js';
import { accessRecordFingerprints } from './015-access-record-fingerprints.js';
import { sessionTheme } from './016-session-theme.js';
import { sessionDamagesVersion } from './017-session-damages-version.js';
import { sessionReviewFlags } from './018-session-review-flags.js';
import { sessionReviewHistory } from './019-session-review-history.js';
import { sessionLateFields } from './020-session-late-fields.js';
import { damageRecordDetails } from './023-damage-record-details.js';
import { captureRejectionCodes } from './024-capture-rejection-codes.js';

/**
 * Every migration, oldest first. Append; never edit one that has shipped. Numbers 021 and 022 were never used (work
 * that reserved them needed no migration); ids are kept as they shipped, so the gap stays.
 */
export const MIGRATIONS: readonly Migration[] = [
  sessionLastActivity,
  sessionCompletedAt,
  sessionSource,
  sessionSearchTermsMigration,
  sessionKeys,
  reportRevision,
  damageRecordFields,
  accountSettings,
  callbackState,
  captureChecks,
  odometerFields,
  accountDefaultTheme,
  sessionCounters,
  capturePhotoKeys,
  accessRecordFingerprints,
  sessionTheme,
  sessionDamagesVersion,
  sessionReviewFlags,
  sessionReviewHistory,
  sessionLateFields,
  damageRecordDetails,
  captureRejectionCodes,
];

const LEASE = 'migrations';
/** Long enough for the largest migration's batch; renewed before each migration. */
const LEASE_MS = 5 * 60_000;
/** How often an instance that does not hold the lease looks again (no signal crosses instances). */
const WAIT_MS = 250;

interface MigrationRecord {
  _id: string;
  applied_at: Date;
}

export async function runMigrations(
  db: Db,
  leases: LeaseStore,
  { logger, clock = () => new Date(), migrations = MIGRATIONS }: { logger?: Logger; clock?: () => Date; migrations?: readonly Migration[] },
): Promise<string[]> {
  const records = db.collection<MigrationRecord>('migrations');
  const pending = async () => {
    const applied = new Set((await records.find({}, { projection: { _id: 1 } }).toArray()).map((record) => record._id));
    return migrations.filter((migration) => !applied.has(migration.id));
  };
  if ((await pending()).length === 0) return [];
  const holder = randomUUID();
  while (!(await leases.acquire(LEASE, holder, clock(), LEASE_MS))) {
    if ((await pending()).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  const ran: string[] = [];
  try {
    for (const migration of await pending()) {
      await leases.acquire(LEASE, holder, clock(), LEASE_MS);
      await migration.up(db);
      await records.insertOne({ _id: migration.id, applied_at: clock() });
      logger?.info({ migration: migration.id }, 'database migration applied');
      ran.push(migration.id);
    }
  } finally {
    await leases.release(LEASE, holder);
  }
  return ran;
}
