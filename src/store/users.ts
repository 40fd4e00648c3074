// The users collection: people who sign in to the dashboard and GraphiQL, each in one account, with a role. Documents
// are mapped to User records (domain/user.ts) here, so nothing outside the store knows the stored shape.
import type { Collection, Db } from 'mongodb';
import type { Role, User, UserChange } from '../domain/user.js';
import { storedFields, type StoredFields } from './stored-fields.js';

interface UserDocument {
  /** The username. */
  _id: string;
  api_key: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: Date;
}

function toUser(document: UserDocument): User {
  return {
    username: document._id,
    apiKey: document.api_key,
    name: document.name,
    role: document.role,
    passwordHash: document.password_hash,
    createdAt: document.created_at,
  };
}

function toDocument(user: User): UserDocument {
  return {
    _id: user.username,
    api_key: user.apiKey,
    name: user.name,
    role: user.role,
    password_hash: user.passwordHash,
    created_at: user.createdAt,
  };
}

/** The stored name of each field a change may set. */
const CHANGE_FIELDS: StoredFields<UserChange, UserDocument> = { name: 'name', role: 'role', passwordHash: 'password_hash' };

export class UserStore {
  private readonly collection: Collection<UserDocument>;

  constructor(db: Db) {
    this.collection = db.collection<UserDocument>('users');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, created_at: 1 });
  }

  async insert(user: User): Promise<User> {
    await this.collection.insertOne(toDocument(user));
    return user;
  }

  async findByUsername(username: string): Promise<User | null> {
    const found = await this.collection.findOne({ _id: username });
    return found && toUser(found);
  }

  /** The user only when it belongs to the account: every account-facing lookup goes through this. */
  async findInAccount(apiKey: string, username: string): Promise<User | null> {
    const found = await this.collection.findOne({ _id: username, api_key: apiKey });
    return found && toUser(found);
  }

  async listByAccount(apiKey: string): Promise<User[]> {
    return (await this.collection.find({ api_key: apiKey }).sort({ created_at: 1, _id: 1 }).toArray()).map(toUser);
  }

  /** Sets the given fields of the account's user; null when the account has no such user. */
  async updateInAccount(apiKey: string, username: string, change: UserChange): Promise<User | null> {
    const { matchedCount } = await this.collection.updateOne({ _id: username, api_key: apiKey }, { $set: storedFields(change, CHANGE_FIELDS) });
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
