// Ids as the database keeps them: the rules name an account by an AccountId (src/domain/account.ts), and only the
// stores and the documents they take know that it is an ObjectId. Every AccountId is one the account store read or
// inserted, so it is that ObjectId already.
import type { ObjectId } from 'mongodb';
import type { AccountId } from '../domain/account.js';

export function storedAccountId(id: AccountId): ObjectId {
  return id as ObjectId;
}
