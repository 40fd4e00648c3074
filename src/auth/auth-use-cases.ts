// The auth folder's part of the app: who a request is (API credentials) and the access records an account issues.
import type { Stores } from '../store/stores.js';
import { Authenticator } from './authenticator.js';
import { AccessRecordService } from './access-records.js';
import { ApiKeys } from '../accounts/api-keys.js';

export function createAuthUseCases(stores: Pick<Stores, 'accounts' | 'accessRecords' | 'apiKeys'>, clock: () => Date) {
  return {
    authenticator: new Authenticator(stores.accounts, stores.accessRecords, stores.apiKeys, clock),
    accessRecords: new AccessRecordService(stores.accessRecords, clock),
    apiKeys: new ApiKeys(stores.apiKeys, clock),
  };
}
