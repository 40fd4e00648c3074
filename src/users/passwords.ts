// Password hashing: argon2id through @node-rs/argon2 (prebuilt Rust binding) with its defaults — 19 MiB memory,
// 2 passes, 1 lane, the OWASP-recommended argon2id minimum — stored as a PHC string that carries its parameters.
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;

// Algorithm.Argon2id is an ambient const enum, which verbatimModuleSyntax cannot import: its value is 2.
const OPTIONS: Options = { algorithm: 2 as Algorithm };

/** Verified against when no user exists, so an unknown username costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Over-long input is refused after the same work, not before, so length gives nothing away either.
  const candidate = password.slice(0, MAX_PASSWORD_LENGTH);
  const stored = passwordHash ?? (await (dummyHash ??= hash('not-a-password-of-anyone', OPTIONS)));
  const matches = await verify(stored, candidate).catch(() => false);
  return matches && passwordHash !== null && password.length <= MAX_PASSWORD_LENGTH;
}

/** What is wrong with a new password, naming the field it came in (`password`, `new_password`); null when nothing. */
export function passwordProblem(password: unknown, field = 'password'): string | null {
  if (typeof password !== 'string') return `${field} is required.`;
  if (password.length < MIN_PASSWORD_LENGTH) return `${field} must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `${field} must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}
