// A sign-in record is stored under the SHA-256 of its cookie value, so a database read yields no usable cookie.
import { createHash } from 'node:crypto';

export function signInIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
