import { describe, expect, it } from 'vitest';
import { CALLBACK_DISABLED_ERROR, CALLBACK_REMOVED_ERROR, outcomeLabel, refusalToSend, settleAttempt } from '../../src/webhooks/settlement-policy.js';
import { MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from '../../src/webhooks/retry-schedule.js';

const now = new Date('2026-11-23T08:00:00.000Z');
const context = { now, random: () => 0.5, retryTimeScale: 1 };
const fresh = { attempts: 0, roundStart: 0, test: false };
const failure = { ok: false, statusCode: 503, error: 'HTTP 503 Service Unavailable', gone: false, retryAfterSeconds: null };

describe('refusalToSend', () => {
  it('fails a delivery whose callback was removed, without counting an attempt', () => {
    expect(refusalToSend(fresh, null)).toEqual({ kind: 'failed', statusCode: null, error: CALLBACK_REMOVED_ERROR, attempted: false });
  });

  it('fails a delivery to a disabled callback, but still sends a test to it', () => {
    expect(refusalToSend(fresh, { active: false })).toEqual({ kind: 'failed', statusCode: null, error: CALLBACK_DISABLED_ERROR, attempted: false });
    expect(refusalToSend({ test: true }, { active: false })).toBeNull();
    expect(refusalToSend(fresh, { active: true })).toBeNull();
  });
});

describe('settleAttempt', () => {
  it('a 2xx succeeds', () => {
    expect(settleAttempt(fresh, { ...failure, ok: true, statusCode: 202, error: null }, context)).toEqual({ kind: 'succeeded', statusCode: 202 });
  });

  it('a failure is retried on the schedule: the second attempt 5 s after the first, without jitter at the midpoint', () => {
    expect(settleAttempt(fresh, failure, context)).toEqual({
      kind: 'retry',
      nextAttemptAt: new Date(now.getTime() + 5_000),
      statusCode: 503,
      error: 'HTTP 503 Service Unavailable',
    });
    // After the third attempt of the round: the fourth follows 2 min later.
    const third = settleAttempt({ attempts: 2, roundStart: 0, test: false }, failure, context);
    expect(third).toMatchObject({ kind: 'retry', nextAttemptAt: new Date(now.getTime() + RETRY_SCHEDULE_SECONDS[3]! * 1000) });
  });

  it('counts attempts from the start of the current round (a redelivery starts a new one)', () => {
    const redelivered = { attempts: MAX_ATTEMPTS, roundStart: MAX_ATTEMPTS, test: false };
    expect(settleAttempt(redelivered, failure, context)).toMatchObject({ kind: 'retry', nextAttemptAt: new Date(now.getTime() + 5_000) });
  });

  it('scales the delays (WEBHOOK_RETRY_TIME_SCALE)', () => {
    expect(settleAttempt(fresh, failure, { ...context, retryTimeScale: 0.001 })).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 5) });
  });

  it('Retry-After postpones a retry but never brings it forward', () => {
    expect(settleAttempt(fresh, { ...failure, retryAfterSeconds: 90 }, context)).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 90_000) });
    expect(settleAttempt(fresh, { ...failure, retryAfterSeconds: 1 }, context)).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 5_000) });
  });

  it('fails for good after the last attempt of the round, counting it', () => {
    const last = { attempts: MAX_ATTEMPTS - 1, roundStart: 0, test: false };
    expect(settleAttempt(last, failure, context)).toEqual({ kind: 'failed', statusCode: 503, error: 'HTTP 503 Service Unavailable', attempted: true });
    expect(settleAttempt({ ...last, attempts: MAX_ATTEMPTS - 2 }, failure, context)).toMatchObject({ kind: 'retry' });
  });

  it('410 Gone fails at once and says the callback was disabled', () => {
    const gone = settleAttempt(fresh, { ...failure, statusCode: 410, error: 'HTTP 410 Gone', gone: true }, context);
    expect(gone).toEqual({ kind: 'failed', statusCode: 410, error: 'HTTP 410 Gone (410 Gone: the callback was disabled)', attempted: true });
    expect(outcomeLabel({ gone: true }, gone)).toBe('gone');
  });

  it('a test send gets one attempt, never a retry', () => {
    expect(settleAttempt({ ...fresh, test: true }, failure, context)).toEqual({
      kind: 'failed',
      statusCode: 503,
      error: 'HTTP 503 Service Unavailable',
      attempted: true,
    });
  });

  it('a failure without a response keeps a readable error', () => {
    const timeout = settleAttempt(fresh, { ...failure, statusCode: null, error: null }, context);
    expect(timeout).toMatchObject({ kind: 'retry', statusCode: null, error: 'The attempt failed.' });
    expect(outcomeLabel({ gone: false }, timeout)).toBe('retrying');
  });
});
