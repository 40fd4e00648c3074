// Ids as the database keeps them: the rules name an account by an AccountId (src/domain/account.ts), and only the
// stores and the documents they take know that it is an ObjectId.
import { ObjectId } from 'mongodb';
import type { AccountId } from '../domain/account.js';

export function storedAccountId(id: AccountId): ObjectId {
  return id instanceof ObjectId ? id : ObjectId.createFromHexString(id.toHexString());
}
