// `Authorization: Bearer <token>` checks for the operator tokens (ADMIN_TOKEN, METRICS_TOKEN).
import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time check of `Authorization: Bearer <token>`; hashing first makes the lengths equal. */
export function bearerTokenMatches(header: string | undefined, expected: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected)) && presented.length > 0;
}
