// Creating an account together with its first owner (POST /admin/accounts with "owner", CONTRACT §12). The owner is
// checked before the account is written, so a bad owner leaves no account behind.
import { badRequest } from '../errors.js';
import type { AccountService, AccountWithSecret } from '../accounts/accounts.js';
import type { UserService, UserView } from './users.js';

export async function createAccountWithOwner(accounts: AccountService, users: UserService, input: unknown): Promise<AccountWithSecret & { owner?: UserView }> {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('owner' in input)) return accounts.create(input);
  const { owner, ...settings } = input as Record<string, unknown>;
  if (typeof owner !== 'object' || owner === null || Array.isArray(owner)) throw badRequest('owner must be an object with username and password.');
  const ownerInput = { ...(owner as Record<string, unknown>), role: 'owner' };
  const parsed = users.parse(ownerInput);
  if (await users.isTaken(parsed.username)) throw users.takenError(parsed.username);
  const account = await accounts.create(settings);
  return { ...account, owner: await users.create(account, ownerInput) };
}
