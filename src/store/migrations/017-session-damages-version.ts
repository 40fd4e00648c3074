// Each damage record write gives the session a fresh `damages_version`, and a report is stored only while the version
// it was made from stands. Sessions stored before any such write had none; each now gets one of its own, as new
// sessions do at creation, so the condition is always one value.
import type { Db } from 'mongodb';
import { newRandomId } from '../../domain/identifiers.js';
import { fillMissing } from './fill-missing.js';
import type { Migration } from './migration.js';

export const sessionDamagesVersion: Migration = {
  id: '017-session-damages-version',
  async up(db: Db) {
    await fillMissing(db, 'inspection_sessions', 'damages_version', { _id: 1 }, () => newRandomId(9));
  },
};
