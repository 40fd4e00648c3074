// Random identifiers: session keys (readable, ^[A-Z]{3}-[A-Z0-9]{10}$), and capture tokens.
// Session keys are drawn by rejection sampling so that every character is equally likely.
import { randomBytes } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS_AND_DIGITS = `${LETTERS}0123456789`;
/** What every session key looks like; the capture page receives it from the server (capture-page-config.ts). */
export const SESSION_KEY_PATTERN = /^[A-Z]{3}-[A-Z0-9]{10}$/;

/** `length` characters picked uniformly from `alphabet` (at most 256 symbols). */
export function randomString(alphabet: string, length: number): string {
  if (alphabet.length < 1 || alphabet.length > 256) throw new RangeError('alphabet must hold 1 to 256 characters');
  // Bytes at or above `limit` would favour the first `256 % n` symbols under modulo, so they are dropped.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newSessionKey(): string {
  return `${randomString(LETTERS, 3)}-${randomString(LETTERS_AND_DIGITS, 10)}`;
}

export function isSessionKey(value: unknown): value is string {
  return typeof value === 'string' && SESSION_KEY_PATTERN.test(value);
}

/** The capture app's only credential: 256 random bits, URL-safe so it fits a URL fragment as is. */
export function newCaptureToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random id of `bytes` bytes, URL-safe. */
export function newRandomId(bytes = 16): string {
  if (!Number.isInteger(bytes) || bytes < 1) throw new RangeError('bytes must be a positive integer');
  return randomBytes(bytes).toString('base64url');
}
