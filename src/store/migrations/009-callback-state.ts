// Callbacks stored before the disabled reason and the failing-since time existed get them: a callback disabled then
// was disabled by a receiver's 410 Gone (the only cause there was), an active one has no reason; neither is failing.
import type { Db } from 'mongodb';
import { disabledReason } from '../../domain/callback-disabling.js';
import type { Migration } from './migration.js';

export const callbackState: Migration = {
  id: '009-callback-state',
  async up(db: Db) {
    const callbacks = db.collection('callbacks');
    await callbacks.updateMany({ disabled_reason: { $exists: false }, active: false }, { $set: { disabled_reason: disabledReason({ kind: 'gone' }) } });
    await callbacks.updateMany({ disabled_reason: { $exists: false } }, { $set: { disabled_reason: null } });
    await callbacks.updateMany({ failing_since: { $exists: false } }, { $set: { failing_since: null } });
  },
};
