// Access records name the secret that signed the request minting them, and end with it. Records stored before that
// have no name and lasted until they expired; each now names its key's current secret (the account's own key or a
// further API key), so it lasts at most as long as that secret. A record whose key no longer exists authenticated
// nothing and is removed.
import type { Db } from 'mongodb';
import { secretFingerprint } from '../../auth/api-token.js';
import type { Migration } from './migration.js';

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
    // Every record of a key gets the same fingerprint: one lookup and one write per key, not per record.
    for (const apiKey of await records.distinct('api_key', missing)) {
      const secret = await secretOf(apiKey);
      if (secret === null) await records.deleteMany({ api_key: apiKey, ...missing });
      else await records.updateMany({ api_key: apiKey, ...missing }, { $set: { secret_fingerprint: secretFingerprint(secret) } });
    }
  },
};
