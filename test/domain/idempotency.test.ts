// The rules of idempotent writes (src/domain/idempotency.ts): which keys are acceptable, and what a request carrying
// a key already claimed gets — in which order the checks apply, and exactly where each time limit falls.
import { describe, expect, it } from 'vitest';
import {
  ABANDONED_CLAIM_MS,
  IDEMPOTENT_METHODS,
  type IdempotencyRecord,
  isKeptAnswer,
  isValidIdempotencyKey,
  judgeRepeat,
} from '../../src/domain/idempotency.js';

const claimedAt = new Date('2026-11-28T08:00:00.000Z');
const at = (ms: number) => new Date(claimedAt.getTime() + ms);
const answer = { status: 201, body: '{"session_key":"ABC-0123456789"}', contentType: 'application/json' };
const record = (overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
  fingerprint: 'digest-of-the-first-request',
  claimedAt,
  expiresAt: at(24 * 60 * 60 * 1000),
  answer,
  ...overrides,
});

describe('Idempotency-Key values', () => {
  it('takes 1 to 255 printable ASCII characters, space and tilde included', () => {
    for (const key of ['a', ' ', '~', 'order-42/retry 1', 'x'.repeat(255), ' !"#$%&\'()*+,-./0123456789:;<=>?@[\\]^_`{|}~']) {
      expect(isValidIdempotencyKey(key), JSON.stringify(key)).toBe(true);
    }
  });

  it('refuses an empty key, one of 256 characters, control characters and anything beyond ASCII', () => {
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'line\nbreak', '\x1f', '\x7f', 'clé', 'key\u{1F697}', 'ok\n']) {
      expect(isValidIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('applies to writes only', () => {
    expect([...IDEMPOTENT_METHODS].sort()).toEqual(['DELETE', 'PATCH', 'POST', 'PUT']);
    expect(IDEMPOTENT_METHODS.has('GET')).toBe(false);
  });
});

describe('a request with a key already claimed', () => {
  it('gets the kept answer when its request is the same', () => {
    expect(judgeRepeat(record(), 'digest-of-the-first-request', at(1_000))).toEqual({ kind: 'replay', answer });
  });

  it('is refused as another request when its fingerprint differs, answered or not', () => {
    expect(judgeRepeat(record(), 'digest-of-another-request', at(1_000))).toEqual({ kind: 'mismatch' });
    expect(judgeRepeat(record({ answer: null }), 'digest-of-another-request', at(1_000))).toEqual({ kind: 'mismatch' });
  });

  it('waits for the first request while it runs', () => {
    expect(judgeRepeat(record({ answer: null }), 'digest-of-the-first-request', at(1_000))).toEqual({ kind: 'in-flight' });
  });

  it('claims anew once the kept answer expires: not a millisecond before', () => {
    const expiring = record({ expiresAt: at(5_000) });
    expect(judgeRepeat(expiring, 'digest-of-the-first-request', at(4_999))).toEqual({ kind: 'replay', answer });
    expect(judgeRepeat(expiring, 'digest-of-the-first-request', at(5_000))).toEqual({ kind: 'stale' });
    // An expired record names no request any more, so another request's key is free too.
    expect(judgeRepeat(expiring, 'digest-of-another-request', at(5_000))).toEqual({ kind: 'stale' });
  });

  it('takes over a claim left running by a stopped instance once it is ABANDONED_CLAIM_MS old, whatever its request', () => {
    const running = record({ answer: null });
    expect(judgeRepeat(running, 'digest-of-the-first-request', at(ABANDONED_CLAIM_MS - 1))).toEqual({ kind: 'in-flight' });
    expect(judgeRepeat(running, 'digest-of-the-first-request', at(ABANDONED_CLAIM_MS))).toEqual({ kind: 'stale' });
    expect(judgeRepeat(running, 'digest-of-another-request', at(ABANDONED_CLAIM_MS))).toEqual({ kind: 'stale' });
    // An answered claim is never abandoned: its answer is replayed for its whole retention.
    expect(judgeRepeat(record(), 'digest-of-the-first-request', at(ABANDONED_CLAIM_MS * 2))).toEqual({ kind: 'replay', answer });
  });
});

describe('which answers are kept', () => {
  it('keeps every answer below 500, and releases the claim of a server failure so a retry runs again', () => {
    for (const status of [200, 201, 204, 400, 404, 409, 422, 429, 499]) expect(isKeptAnswer(status), String(status)).toBe(true);
    for (const status of [500, 502, 503, 504]) expect(isKeptAnswer(status), String(status)).toBe(false);
  });
});
