// A person who signs in to the dashboard and GraphiQL, as the code works with them: the record the user store returns,
// whatever shape the database keeps it in (src/store/users.ts maps one to the other).

export const ROLES = ['owner', 'inspector', 'viewer'] as const;
/** What a signed-in user may do (users/roles.ts orders them). */
export type Role = (typeof ROLES)[number];

export interface User {
  /** Unique across the service, so sign-in needs no account name. */
  username: string;
  /** The account the user belongs to, named by its own API key. */
  apiKey: string;
  name: string;
  role: Role;
  /** An argon2id hash in PHC string format; the password itself is never stored. */
  passwordHash: string;
  createdAt: Date;
}

/** What a change to a user may set. */
export type UserChange = Partial<Pick<User, 'name' | 'role' | 'passwordHash'>>;
