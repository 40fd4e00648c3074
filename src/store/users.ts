// The users collection: people who sign in to the dashboard and GraphiQL, each in one account, with a role.
import type { Collection, Db } from 'mongodb';
import type { Role } from '../users/roles.js';

export interface UserDocument {
  /** The username: unique across the service, so sign-in needs no account name. */
  _id: string;
  /** The account the user belongs to. */
  api_key: string;
  name: string;
  role: Role;
  /** An argon2id hash in PHC string format; the password itself is never stored. */
  password_hash: string;
  created_at: Date;
}

export class UserStore {
  private readonly collection: Collection<UserDocument>;

  constructor(db: Db) {
    this.collection = db.collection<UserDocument>('users');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, created_at: 1 });
  }

  async insert(user: UserDocument): Promise<UserDocument> {
    await this.collection.insertOne(user);
    return user;
  }

  findByUsername(username: string): Promise<UserDocument | null> {
    return this.collection.findOne({ _id: username });
  }

  /** The user only when it belongs to the account: every account-facing lookup goes through this. */
  findInAccount(apiKey: string, username: string): Promise<UserDocument | null> {
    return this.collection.findOne({ _id: username, api_key: apiKey });
  }

  listByAccount(apiKey: string): Promise<UserDocument[]> {
    return this.collection.find({ api_key: apiKey }).sort({ created_at: 1, _id: 1 }).toArray();
  }

  /** Sets the given fields of the account's user; null when the account has no such user. */
  async updateInAccount(
    apiKey: string,
    username: string,
    changes: Partial<Pick<UserDocument, 'name' | 'role' | 'password_hash'>>,
  ): Promise<UserDocument | null> {
    const { matchedCount } = await this.collection.updateOne({ _id: username, api_key: apiKey }, { $set: changes });
    return matchedCount === 1 ? this.findInAccount(apiKey, username) : null;
  }

  countOwners(apiKey: string): Promise<number> {
    return this.collection.countDocuments({ api_key: apiKey, role: 'owner' });
  }

  async deleteInAccount(apiKey: string, username: string): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ _id: username, api_key: apiKey });
    return deletedCount === 1;
  }
}
