// Sign-in use cases (docs/staff.md): check a password, issue the random value the cg_session cookie carries, find
// the user behind a cookie, end sign-ins, and change one's own password. Failed checks are throttled per username.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.js';
import type { AccountStore } from '../store/accounts.js';
import type { Account } from '../domain/account.js';
import type { UserStore } from '../store/users.js';
import type { SignInStore } from '../store/sign-ins.js';
import type { User } from '../domain/user.js';
import type { SignIn } from '../domain/sign-in.js';
import type { SignInFailureStore } from '../store/sign-in-failures.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { newPasswordField, RoleSchema } from './users.js';
import { signInIdOf } from './sign-in-ids.js';

const MINUTE_MS = 60 * 1000;
export const SIGN_IN_IDLE_MS = 12 * 60 * MINUTE_MS;
export const SIGN_IN_MAX_AGE_MS = 7 * 24 * 60 * MINUTE_MS;
/** The idle window is renewed by a write at most this often, not on every request. */
const RENEW_AFTER_MS = MINUTE_MS;
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** Password checks per username within the window; a successful sign-in frees them. Beyond → 429. */
export const MAX_FAILURES = 5;

export const INVALID_SIGN_IN_MESSAGE = 'Invalid username or password.';

const credentialField = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);

/** The body of POST /auth/login. */
export const SignInRequestSchema = z.object({ username: credentialField('username'), password: credentialField('password') }).meta({ id: 'SignInRequest' });

/** The body of POST /auth/password. */
export const PasswordChangeRequestSchema = z
  .object({ current_password: credentialField('current_password'), new_password: newPasswordField('new_password') })
  .meta({ id: 'PasswordChangeRequest' });

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is wrong.';

export const SignedInUserSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    role: RoleSchema,
    account: z.string().meta({ description: "The account's username." }),
  })
  .meta({ id: 'SignedInUser' });

export type SignedInUser = z.output<typeof SignedInUserSchema>;

export interface ActiveSignIn {
  user: User;
  account: Account;
}

export class SignInService {
  constructor(private readonly deps: { users: UserStore; accounts: AccountStore; signIns: SignInStore; failures: SignInFailureStore; clock?: () => Date }) {}

  private now(): Date {
    return (this.deps.clock ?? (() => new Date()))();
  }

  /** The cookie value (shown once, to the browser) and who signed in. */
  async signIn(input: unknown): Promise<{ token: string; user: SignedInUser }> {
    const { username, password } = readCredentials(input);
    const now = this.now();
    const throttleKey = await this.reservePasswordCheck(username, now);
    const user = await this.deps.users.findByUsername(username);
    // An unknown user is checked against a dummy hash: the same work, time and answer as a wrong password.
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    const account = valid && user ? await this.deps.accounts.findByApiKey(user.apiKey) : null;
    // A failed check keeps its reservation for the window.
    if (!user || !account) throw invalidSignIn();
    await this.deps.failures.clear(throttleKey);
    const token = randomBytes(32).toString('base64url');
    await this.deps.signIns.insert({
      id: signInIdOf(token),
      username: user.username,
      apiKey: account.apiKey,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiresAt(now, now),
    });
    return { token, user: signedInUser(user, account) };
  }

  /** The user behind a cookie value while its sign-in lasts; null otherwise (ended, expired, user gone). */
  async find(token: string): Promise<ActiveSignIn | null> {
    if (!token) return null;
    const id = signInIdOf(token);
    const record = await this.deps.signIns.findById(id);
    if (!record) return null;
    const now = this.now();
    if (!isActive(record, now)) {
      await this.deps.signIns.delete(id);
      return null;
    }
    const user = await this.deps.users.findByUsername(record.username);
    const account = user && user.apiKey === record.apiKey ? await this.deps.accounts.findByApiKey(user.apiKey) : null;
    if (!user || !account) {
      await this.deps.signIns.delete(id);
      return null;
    }
    if (now.getTime() - record.lastSeenAt.getTime() >= RENEW_AFTER_MS) {
      await this.deps.signIns.renew(id, now, expiresAt(record.createdAt, now));
    }
    return { user, account };
  }

  async signOut(token: string): Promise<void> {
    if (token) await this.deps.signIns.delete(signInIdOf(token));
  }

  /**
   * The signed-in user (`token` is their cookie value) sets a new password after giving the current one; every other
   * sign-in of theirs ends, this one goes on. The check of the current password counts toward the sign-in throttle.
   */
  async changePassword(token: string, input: unknown): Promise<void> {
    const active = await this.find(token);
    if (!active) throw new AppError('UNAUTHENTICATED', 'Not signed in.');
    const parsed = PasswordChangeRequestSchema.safeParse(isObject(input) ? input : {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'current_password is required.');
    const { user } = active;
    const throttleKey = await this.reservePasswordCheck(user.username, this.now());
    if (!(await verifyPassword(user.passwordHash, parsed.data.current_password))) throw new AppError('UNAUTHENTICATED', WRONG_CURRENT_PASSWORD_MESSAGE);
    await this.deps.failures.clear(throttleKey);
    await this.deps.users.updateInAccount(user.apiKey, user.username, { passwordHash: await hashPassword(parsed.data.new_password) });
    await this.deps.signIns.deleteByUsernameExcept(user.username, signInIdOf(token));
  }

  /** Reserves one password check of the username (docs/limits.md), or refuses with 429; returns the throttle key. */
  private async reservePasswordCheck(username: string, now: Date): Promise<string> {
    const throttleKey = username.slice(0, 128);
    // The check is reserved before it is made, so concurrent attempts cannot exceed the limit.
    const reservation = await this.deps.failures.reserve(throttleKey, now, FAILURE_WINDOW_MS, MAX_FAILURES);
    if (reservation.reserved) return throttleKey;
    const retryAfterMs = reservation.retryAt.getTime() - now.getTime();
    throw new AppError(
      'RATE_LIMITED',
      'Too many failed sign-ins for this username. Retry after the time given in Retry-After.',
      {},
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    );
  }
}

export function signedInUser(user: User, account: Account): SignedInUser {
  return { username: user.username, name: user.name, role: user.role, account: account.username };
}

function isActive(record: SignIn, now: Date): boolean {
  return now.getTime() - record.lastSeenAt.getTime() < SIGN_IN_IDLE_MS && now.getTime() - record.createdAt.getTime() < SIGN_IN_MAX_AGE_MS;
}

/** The earlier of the idle limit and the absolute limit. */
function expiresAt(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + SIGN_IN_IDLE_MS, createdAt.getTime() + SIGN_IN_MAX_AGE_MS));
}

function invalidSignIn(): AppError {
  return new AppError('UNAUTHENTICATED', INVALID_SIGN_IN_MESSAGE);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A body that is not a JSON object counts as one without fields, so the first missing field is named. */
function readCredentials(input: unknown): z.output<typeof SignInRequestSchema> {
  const parsed = SignInRequestSchema.safeParse(isObject(input) ? input : {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'username is required.');
  return parsed.data;
}
