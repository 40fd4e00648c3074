// Creating an account together with its first owner (POST /admin/accounts with "owner", docs/staff.md). The owner is
// checked before the account is written, so a bad owner leaves no account behind.
import type { z } from 'zod';
import { badRequest } from '../errors.js';
import { AccountWithSecretSchema, NewAccountSchema, type AccountService } from '../accounts/accounts.js';
import { NewOwnerRequestSchema, UserSchema, type UserService } from './users.js';

/** The whole body of POST /admin/accounts; its two parts are checked by their own schemas, owner first. */
export const NewAccountRequestSchema = NewAccountSchema.extend({ owner: NewOwnerRequestSchema.optional() }).meta({ id: 'NewAccountRequest' });

/** The answer of POST /admin/accounts: the account with its credentials, and its first owner when one was given. */
export const CreatedAccountSchema = AccountWithSecretSchema.extend({
  owner: UserSchema.optional().meta({ description: 'The first owner, present when the request had `owner`.' }),
}).meta({ id: 'CreatedAccount' });

export type CreatedAccount = z.output<typeof CreatedAccountSchema>;

export async function createAccountWithOwner(accounts: AccountService, users: UserService, input: unknown): Promise<CreatedAccount> {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('owner' in input)) return accounts.create(input);
  const { owner, ...settings } = input as Record<string, unknown>;
  if (typeof owner !== 'object' || owner === null || Array.isArray(owner)) throw badRequest('owner must be an object with username and password.');
  const ownerInput = { ...(owner as Record<string, unknown>), role: 'owner' };
  const parsed = users.parse(ownerInput);
  if (await users.isTaken(parsed.username)) throw users.takenError(parsed.username);
  const account = await accounts.create(settings);
  return { ...account, owner: await users.create({ apiKey: account.api_key }, ownerInput) };
}
