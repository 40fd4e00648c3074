// Access records name the secret that signed the request minting them, and end with it. Records stored before that
// have no name and lasted until they expired; each now names its key's current secret (the account's own key or a
// further API key), so it lasts at most as long as that secret. A record whose key no longer exists authenticated
// nothing and is removed.
import type { Db } from 'mongodb';
import { secretFingerprint } from '../../auth/api-token.js';
import type { Migration } from './migration.js';

const BATCH = 500;

export const accessRecordFingerprints: Migration = {
  id: '015-access-record-fingerprints',
  async up(db: Db) {
    const records = db.collection<{ _id: string; api_key: string }>('access_records');
    const missing = { secret_fingerprint: { $exists: false } };
    const secretOf = async (apiKey: string): Promise<string | null> => {
      const account = await db.collection('accounts').findOne({ api_key: apiKey }, { projection: { api_secret: 1 } });
      if (account) return account.api_secret as string;
      const further = await db.collection<{ _id: string; api_secret: string }>('api_keys').findOne({ _id: apiKey }, { projection: { api_secret: 1 } });
      return further ? further.api_secret : null;
    };
    for (;;) {
      const batch = await records
        .find(missing, { projection: { api_key: 1 } })
        .limit(BATCH)
        .toArray();
      if (batch.length === 0) return;
      for (const record of batch) {
        const secret = await secretOf(record.api_key);
        if (secret === null) await records.deleteOne({ _id: record._id, ...missing });
        else await records.updateOne({ _id: record._id, ...missing }, { $set: { secret_fingerprint: secretFingerprint(secret) } });
      }
    }
  },
};
