// The API-Token algorithm: lowercase hex HMAC-SHA256, keyed with the account secret, over
// "<username>:<api_key>@<API-Timestamp>".
import { createHmac, timingSafeEqual } from 'node:crypto';

export function computeApiToken(input: { username: string; apiKey: string; apiSecret: string; timestamp: string }): string {
  return createHmac('sha256', input.apiSecret).update(`${input.username}:${input.apiKey}@${input.timestamp}`).digest('hex');
}

/**
 * Compares a presented hex token with the expected one in constant time. Case-insensitive; never throws,
 * whatever the presented length (lengths differ only for garbage, and that answer leaks nothing).
 */
export function tokensMatch(presented: string, expectedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const candidate = Buffer.from(presented.toLowerCase(), 'utf8');
  if (candidate.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(candidate, expected);
}

/** Names a secret without revealing it, so that what it signed can be tied to it (an access record ends with it). */
export function secretFingerprint(apiSecret: string): string {
  return createHmac('sha256', apiSecret).update('capture-gateway access-record secret').digest('hex').slice(0, 32);
}
