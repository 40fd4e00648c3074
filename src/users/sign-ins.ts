// Sign-in use cases (docs/staff.md): check a password, issue the random value the cg_session cookie carries, find
// the user behind a cookie, and end sign-ins. Failures are throttled per username.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.js';
import type { AccountDocument, AccountStore } from '../store/accounts.js';
import type { UserDocument, UserStore } from '../store/users.js';
import type { SignInDocument, SignInStore } from '../store/sign-ins.js';
import type { SignInFailureStore } from '../store/sign-in-failures.js';
import { verifyPassword } from './passwords.js';
import { RoleSchema } from './users.js';

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
  user: UserDocument;
  account: AccountDocument;
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
    const throttleKey = username.slice(0, 128);
    // The check is reserved before it is made, so concurrent attempts cannot exceed the limit (docs/limits.md).
    const reservation = await this.deps.failures.reserve(throttleKey, now, FAILURE_WINDOW_MS, MAX_FAILURES);
    if (!reservation.reserved) {
      const retryAfterMs = reservation.retryAt.getTime() - now.getTime();
      throw new AppError(
        'RATE_LIMITED',
        'Too many failed sign-ins for this username. Retry after the time given in Retry-After.',
        {},
        {
          'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
        },
      );
    }
    const user = await this.deps.users.findByUsername(username);
    // An unknown user is checked against a dummy hash: the same work, time and answer as a wrong password.
    const valid = await verifyPassword(user?.password_hash ?? null, password);
    const account = valid && user ? await this.deps.accounts.findByApiKey(user.api_key) : null;
    // A failed check keeps its reservation for the window.
    if (!user || !account) throw invalidSignIn();
    await this.deps.failures.clear(throttleKey);
    const token = randomBytes(32).toString('base64url');
    await this.deps.signIns.insert({
      _id: hashToken(token),
      username: user._id,
      api_key: account.api_key,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt(now, now),
    });
    return { token, user: signedInUser(user, account) };
  }

  /** The user behind a cookie value while its sign-in lasts; null otherwise (ended, expired, user gone). */
  async find(token: string): Promise<ActiveSignIn | null> {
    if (!token) return null;
    const id = hashToken(token);
    const record = await this.deps.signIns.findById(id);
    if (!record) return null;
    const now = this.now();
    if (!isActive(record, now)) {
      await this.deps.signIns.delete(id);
      return null;
    }
    const user = await this.deps.users.findByUsername(record.username);
    const account = user && user.api_key === record.api_key ? await this.deps.accounts.findByApiKey(user.api_key) : null;
    if (!user || !account) {
      await this.deps.signIns.delete(id);
      return null;
    }
    if (now.getTime() - record.last_seen_at.getTime() >= RENEW_AFTER_MS) {
      await this.deps.signIns.renew(id, now, expiresAt(record.created_at, now));
    }
    return { user, account };
  }

  async signOut(token: string): Promise<void> {
    if (token) await this.deps.signIns.delete(hashToken(token));
  }
}

export function signedInUser(user: UserDocument, account: AccountDocument): SignedInUser {
  return { username: user._id, name: user.name, role: user.role, account: account.username };
}

function isActive(record: SignInDocument, now: Date): boolean {
  return now.getTime() - record.last_seen_at.getTime() < SIGN_IN_IDLE_MS && now.getTime() - record.created_at.getTime() < SIGN_IN_MAX_AGE_MS;
}

/** The earlier of the idle limit and the absolute limit. */
function expiresAt(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + SIGN_IN_IDLE_MS, createdAt.getTime() + SIGN_IN_MAX_AGE_MS));
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalidSignIn(): AppError {
  return new AppError('UNAUTHENTICATED', INVALID_SIGN_IN_MESSAGE);
}

/** A body that is not a JSON object counts as one without fields, so the first missing field is named. */
function readCredentials(input: unknown): z.output<typeof SignInRequestSchema> {
  const parsed = SignInRequestSchema.safeParse(typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'username is required.');
  return parsed.data;
}
