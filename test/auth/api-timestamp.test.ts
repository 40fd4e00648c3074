import { describe, expect, it } from 'vitest';
import { formatApiTimestamp, isFresh, parseApiTimestamp } from '../../src/auth/api-timestamp.js';
import { computeApiToken, tokensMatch } from '../../src/auth/api-token.js';

describe('API-Timestamp parsing', () => {
  it('accepts a real UTC time in the exact format', () => {
    expect(parseApiTimestamp('2026-11-22T03:58:16Z')?.toISOString()).toBe('2026-11-22T03:58:16.000Z');
    expect(parseApiTimestamp('2024-02-29T23:59:59Z')).not.toBeNull();
  });

  it.each([
    '2026-11-22 03:58:16Z',
    '2026-11-22T03:58:16',
    '2026-11-22T03:58:16.000Z',
    '2026-11-22T03:58:16+00:00',
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T23:60:00Z',
    '2026-13-01T00:00:00Z',
    ' 2026-11-22T03:58:16Z',
    '1763783896',
    '',
  ])('rejects %j', (value) => {
    expect(parseApiTimestamp(value)).toBeNull();
  });

  it('is fresh within ±300 seconds of the clock and stale beyond', () => {
    const now = new Date('2026-11-22T04:00:00Z');
    expect(isFresh(new Date('2026-11-22T03:55:00Z'), now)).toBe(true);
    expect(isFresh(new Date('2026-11-22T04:05:00Z'), now)).toBe(true);
    expect(isFresh(new Date('2026-11-22T03:54:59Z'), now)).toBe(false);
    expect(isFresh(new Date('2026-11-22T04:05:01Z'), now)).toBe(false);
  });

  it('formats without milliseconds', () => {
    expect(formatApiTimestamp(new Date('2026-11-22T04:05:01.999Z'))).toBe('2026-11-22T04:05:01Z');
  });
});

describe('API-Token', () => {
  const input = { username: 'acme', apiKey: 'key123', apiSecret: 'secret', timestamp: '2026-11-22T04:00:00Z' };

  it('is the lowercase hex HMAC-SHA256 of username:api_key@timestamp keyed with the secret', () => {
    // Reference value computed with: printf 'acme:key123@2026-11-22T04:00:00Z' | openssl dgst -sha256 -hmac secret
    expect(computeApiToken(input)).toBe('094c88879d0b5d6f222e7740af9020697e7e4e06a6437a115efe523246491922');
  });

  it('matches case-insensitively and never throws on odd lengths', () => {
    const token = computeApiToken(input);
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token.toUpperCase(), token)).toBe(true);
    expect(tokensMatch(token.slice(1), token)).toBe(false);
    expect(tokensMatch('', token)).toBe(false);
    expect(tokensMatch('é'.repeat(32), token)).toBe(false);
    expect(tokensMatch(`${token}00`, token)).toBe(false);
  });
});
