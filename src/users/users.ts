// User use cases: an account's people (docs/staff.md) — create, list, change, delete — and the first owner of an
// account. An account that has an owner keeps one: the last owner is neither removed nor demoted.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../errors.js';
import { isDuplicateKeyError } from '../store/database.js';
import type { Account } from '../domain/account.js';
import type { UserStore } from '../store/users.js';
import { ROLES, type User } from '../domain/user.js';
import type { SignInStore } from '../store/sign-ins.js';
import { UtcTimestampSchema } from '../domain/time.js';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords.js';
import { signInIdOf } from './sign-in-ids.js';

// The dashboard's username input takes this source as its pattern attribute, which browsers compile with the `v`
// flag: there an unescaped "-" in a class is a syntax error and the browser ignores the whole pattern.
// biome-ignore lint/complexity/noUselessEscapeInRegex: the escape is what makes the source valid with the v flag
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._\-]{2,63}$/;

export const RoleSchema = z.enum(ROLES, { error: 'role must be one of owner, inspector, viewer.' });

const usernameField = z
  .string({ error: 'username is required.' })
  .regex(USERNAME_PATTERN, 'username must be 3-64 characters: a-z, 0-9, ".", "_" or "-", starting with a letter or digit.')
  .meta({ description: 'Unique across the service.' });

// The rule lives in passwordProblem (shared with other callers); the override keeps its length limit in the document.
/** A new password, checked by the same rule wherever one is set; `field` is the name its messages give it. */
export const newPasswordField = (field = 'password') =>
  z
    .string({ error: `${field} is required.` })
    .superRefine((password, context) => {
      const problem = passwordProblem(password, field);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .meta({ override: { type: 'string', minLength: MIN_PASSWORD_LENGTH } });

const passwordField = newPasswordField();

const nameField = z
  .string({ error: 'name must be a string.' })
  .trim()
  .min(1, 'name must not be empty.')
  .max(200, 'name must be at most 200 characters.')
  .meta({ description: 'Defaults to the username.' });

/** The body of POST /v1/users. */
export const NewUserRequestSchema = z
  .object({ username: usernameField, password: passwordField, role: RoleSchema, name: nameField.optional() })
  .meta({ id: 'NewUserRequest' });

/** The first owner given with a new account: a user whose role is always owner. */
export const NewOwnerRequestSchema = NewUserRequestSchema.omit({ role: true }).meta({ id: 'NewOwnerRequest' });

export type NewUser = z.infer<typeof NewUserRequestSchema>;

/** The body of PATCH /v1/users/:username: only what is given changes. */
export const UserChangeRequestSchema = z
  .object({
    role: RoleSchema.optional(),
    name: nameField.optional().meta({ description: 'The name the pages show.' }),
    password: passwordField.optional().meta({ description: 'A new password; every other sign-in of the user ends.' }),
  })
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Give at least one of role, name, password.')
  .meta({ id: 'UserChangeRequest', override: { minProperties: 1 } });

export const UserSchema = z.object({ username: z.string(), name: z.string(), role: RoleSchema, created_at: UtcTimestampSchema }).meta({ id: 'User' });

export type UserView = z.output<typeof UserSchema>;

/** The answer of GET /v1/users, oldest first. */
export const UserListSchema = z.object({ data: z.array(UserSchema) }).meta({ id: 'UserList' });

export type UserList = z.output<typeof UserListSchema>;

export class UserService {
  constructor(
    private readonly users: UserStore,
    private readonly signIns: SignInStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Checks a new user's fields without writing anything (the admin API checks an owner before the account). */
  parse(input: unknown): NewUser {
    const parsed = NewUserRequestSchema.safeParse(isObject(input) ? input : {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid user.');
    return parsed.data;
  }

  async isTaken(username: string): Promise<boolean> {
    return (await this.users.findByUsername(username)) !== null;
  }

  takenError(username: string) {
    return taken(username);
  }

  async create(account: Pick<Account, 'apiKey'>, input: unknown): Promise<UserView> {
    const user = this.parse(input);
    if (await this.isTaken(user.username)) throw taken(user.username);
    try {
      const stored = await this.users.insert({
        username: user.username,
        apiKey: account.apiKey,
        name: user.name ?? user.username,
        role: user.role,
        passwordHash: await hashPassword(user.password),
        createdAt: this.clock(),
      });
      return toUserView(stored);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw taken(user.username);
      throw error;
    }
  }

  async list(account: Account): Promise<UserView[]> {
    return (await this.users.listByAccount(account.apiKey)).map(toUserView);
  }

  /**
   * Changes the role, name or password of the account's user. A new password ends every sign-in of theirs but
   * `keepSignIn` (the cookie value of the browser that asked, when it is the user's own).
   */
  async update(account: Pick<Account, 'apiKey'>, username: string, input: unknown, keepSignIn?: string): Promise<UserView> {
    const parsed = UserChangeRequestSchema.safeParse(isObject(input) ? input : {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid user change.');
    const change = parsed.data;
    const user = await this.users.findInAccount(account.apiKey, username);
    if (!user) throw userNotFound(username);
    const demoted = user.role === 'owner' && change.role !== undefined && change.role !== 'owner';
    if (demoted) await this.refuseLastOwner(account.apiKey, username);
    const updated = await this.users.updateInAccount(account.apiKey, username, {
      ...(change.role ? { role: change.role } : {}),
      ...(change.name ? { name: change.name } : {}),
      ...(change.password ? { passwordHash: await hashPassword(change.password) } : {}),
    });
    if (!updated) throw userNotFound(username);
    // Two owners demoting each other at once both passed the check above: the later one to look puts its owner back.
    if (demoted && (await this.users.countOwners(account.apiKey)) === 0) {
      await this.users.updateInAccount(account.apiKey, username, { role: 'owner' });
      throw lastOwner(username);
    }
    if (change.password) {
      if (keepSignIn) await this.signIns.deleteByUsernameExcept(username, signInIdOf(keepSignIn));
      else await this.signIns.deleteByUsername(username);
    }
    return toUserView(updated);
  }

  /** Removes the user and, in the same call, every sign-in of theirs. */
  async delete(account: Account, username: string): Promise<{ message: string }> {
    const user = await this.users.findInAccount(account.apiKey, username);
    if (!user) throw userNotFound(username);
    if (user.role === 'owner') await this.refuseLastOwner(account.apiKey, username);
    if (!(await this.users.deleteInAccount(account.apiKey, username))) throw userNotFound(username);
    // As for demotion: of two owners removed at once, the later one to look is put back.
    if (user.role === 'owner' && (await this.users.countOwners(account.apiKey)) === 0) {
      await this.users.insert(user);
      throw lastOwner(username);
    }
    await this.signIns.deleteByUsername(username);
    return { message: `User ${username} has been deleted.` };
  }

  private async refuseLastOwner(apiKey: string, username: string): Promise<void> {
    if ((await this.users.countOwners(apiKey)) <= 1) throw lastOwner(username);
  }

  /** The demo owner `demo` with a fresh random password; null when that username already exists. */
  async createDemoOwner(account: Pick<Account, 'apiKey'>): Promise<{ username: string; password: string } | null> {
    const password = randomBytes(12).toString('base64url');
    try {
      await this.create(account, { username: 'demo', password, role: 'owner', name: 'Demo owner' });
      return { username: 'demo', password };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'CONFLICT') return null;
      throw error;
    }
  }
}

export function toUserView(user: User): UserView {
  return { username: user.username, name: user.name, role: user.role, created_at: user.createdAt.toISOString() };
}

function userNotFound(username: string) {
  return notFound(`User ${username} cannot be found.`);
}

function lastOwner(username: string) {
  return conflict(`${username} is the account's last owner: make another person an owner first.`);
}

function taken(username: string) {
  return conflict(`Username ${username} is already taken.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
