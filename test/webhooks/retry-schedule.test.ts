import { describe, expect, it } from 'vitest';
import {
  delayBeforeAttempt,
  JITTER_RATIO,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_SECONDS,
  parseRetryAfter,
  RETRY_SCHEDULE_SECONDS,
} from '../../src/webhooks/retry-schedule.js';

const NOMINAL_SECONDS = [0, 5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 43200, 86400, 86400];
const noJitter = () => 0.5;

/** Deterministic uniform [0, 1) numbers (mulberry32), so jitter bounds are tested over many reproducible draws. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('retry schedule', () => {
  it('is the contract schedule: 13 attempts, the first at once', () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual(NOMINAL_SECONDS);
    expect(MAX_ATTEMPTS).toBe(13);
    NOMINAL_SECONDS.forEach((seconds, index) => {
      expect(delayBeforeAttempt(index + 1, { random: noJitter })).toBe(seconds * 1000);
    });
  });

  it('is exhausted after attempt 13', () => {
    expect(delayBeforeAttempt(14)).toBeNull();
    expect(delayBeforeAttempt(100)).toBeNull();
  });

  it('rejects attempt numbers that are not whole numbers from 1', () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) expect(() => delayBeforeAttempt(attempt)).toThrow(RangeError);
  });

  it('keeps jitter within ±20 % and uses the whole band', () => {
    const random = seededRandom(42);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const nominal = (NOMINAL_SECONDS[attempt - 1] ?? 0) * 1000;
      const ratios: number[] = [];
      for (let draw = 0; draw < 2000; draw++) {
        const delay = delayBeforeAttempt(attempt, { random }) ?? Number.NaN;
        ratios.push(delay / nominal);
      }
      // Rounding to whole milliseconds can move the 5 s delay by at most 1 ms, i.e. 0.0002 of it.
      expect(Math.min(...ratios)).toBeGreaterThanOrEqual(1 - JITTER_RATIO - 0.0002);
      expect(Math.max(...ratios)).toBeLessThanOrEqual(1 + JITTER_RATIO + 0.0002);
      expect(Math.min(...ratios)).toBeLessThan(0.82);
      expect(Math.max(...ratios)).toBeGreaterThan(1.18);
    }
  });

  it('puts the band edges at exactly 0.8 and 1.2 of the schedule', () => {
    expect(delayBeforeAttempt(3, { random: () => 0 })).toBe(24_000);
    expect(delayBeforeAttempt(3, { random: () => 1 })).toBe(36_000);
    expect(delayBeforeAttempt(1, { random: () => 1 })).toBe(0);
  });

  it('honours a Retry-After that is later than the schedule', () => {
    expect(delayBeforeAttempt(2, { random: noJitter, retryAfterSeconds: 90 })).toBe(90_000);
  });

  it('never lets Retry-After bring an attempt forward', () => {
    expect(delayBeforeAttempt(4, { random: noJitter, retryAfterSeconds: 1 })).toBe(120_000);
    expect(delayBeforeAttempt(4, { random: noJitter, retryAfterSeconds: 0 })).toBe(120_000);
    expect(delayBeforeAttempt(4, { random: noJitter, retryAfterSeconds: null })).toBe(120_000);
  });

  it('clamps Retry-After to 24 hours', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(86_400);
    expect(delayBeforeAttempt(2, { random: noJitter, retryAfterSeconds: 10 * 86_400 })).toBe(86_400_000);
    expect(delayBeforeAttempt(2, { random: noJitter, retryAfterSeconds: Number.POSITIVE_INFINITY })).toBe(5_000);
    // A jittered 24 h slot may exceed the clamp; the clamp only limits what the receiver can ask for.
    expect(delayBeforeAttempt(13, { random: () => 1, retryAfterSeconds: 10 * 86_400 })).toBe(1.2 * 86_400_000);
  });

  it('scales every delay by timeScale', () => {
    expect(delayBeforeAttempt(12, { random: noJitter, timeScale: 1e-6 })).toBe(86);
    expect(delayBeforeAttempt(2, { random: noJitter, timeScale: 0.01 })).toBe(50);
    expect(delayBeforeAttempt(2, { random: noJitter, retryAfterSeconds: 100, timeScale: 0.001 })).toBe(100);
    expect(delayBeforeAttempt(13, { random: noJitter, timeScale: 0 })).toBe(0);
    expect(() => delayBeforeAttempt(2, { timeScale: -1 })).toThrow(RangeError);
  });

  it('keeps to the band when the random source misbehaves, and ignores a Retry-After beyond any number', () => {
    expect(delayBeforeAttempt(2, { random: () => Number.NaN })).toBe(4_000);
    expect(delayBeforeAttempt(2, { random: () => -0.5 })).toBe(4_000);
    expect(delayBeforeAttempt(2, { random: () => 7 })).toBe(6_000);
    expect(delayBeforeAttempt(2, { random: () => Number.POSITIVE_INFINITY })).toBe(4_000);
    expect(delayBeforeAttempt(2, { random: noJitter, retryAfterSeconds: Number.POSITIVE_INFINITY })).toBe(5_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30);
  });

  it('reads HTTP-dates in all three RFC 9110 forms, relative to now', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Saturday, 01-Mar-25 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Sat Mar  1 12:00:10 2025', now)).toBe(10);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:30 GMT', new Date(now))).toBe(90);
  });

  it('gives 0 for a date in the past', () => {
    expect(parseRetryAfter('Fri, 28 Feb 2025 12:00:00 GMT', now)).toBe(0);
  });

  it('ignores anything else', () => {
    for (const value of [
      '',
      'soon',
      '-5',
      '1.5',
      '12abc',
      'hello 2020',
      'Sat, 99 Mar 2025 12:00:00 GMT',
      'in Sat, 01 Mar 2025 12:01:30 GMT',
      null,
      undefined,
    ]) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });
});
