// The users folder's part of the app: an account's people and their sign-ins (docs/staff.md).
import type { Stores } from '../store/stores.js';
import { UserService } from './users.js';
import { SignInService } from './sign-ins.js';

export function createUserUseCases(stores: Pick<Stores, 'users' | 'accounts' | 'signIns' | 'signInFailures'>, clock: () => Date) {
  return {
    users: new UserService(stores.users, stores.signIns, clock),
    signIns: new SignInService({ users: stores.users, accounts: stores.accounts, signIns: stores.signIns, failures: stores.signInFailures, clock }),
  };
}
