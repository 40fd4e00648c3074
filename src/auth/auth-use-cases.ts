// The auth folder's part of the app: who a request is (API credentials) and the access records an account issues.
import type { Stores } from '../store/stores.js';
import { Authenticator } from './authenticator.js';
import { AccessRecordService } from './access-records.js';

export function createAuthUseCases(stores: Pick<Stores, 'accounts' | 'accessRecords'>, clock: () => Date) {
  return {
    authenticator: new Authenticator(stores.accounts, stores.accessRecords, clock),
    accessRecords: new AccessRecordService(stores.accessRecords, clock),
  };
}
