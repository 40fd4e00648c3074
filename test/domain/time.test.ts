import { describe, expect, it } from 'vitest';
import { isoTimestamp, wholeSecondsBetween } from '../../src/domain/time.js';

const at = new Date('2026-11-22T03:58:16.123Z');

describe('time formats', () => {
  it('isoTimestamp writes the UTC offset as +00:00', () => {
    expect(isoTimestamp(at)).toBe('2026-11-22T03:58:16.123+00:00');
    expect(new Date(isoTimestamp(at)).getTime()).toBe(at.getTime());
  });

  it('refuses an invalid date', () => {
    expect(() => isoTimestamp(new Date('nope'))).toThrow(RangeError);
  });
});

describe('wholeSecondsBetween', () => {
  it('counts whole seconds, rounded down', () => {
    expect(wholeSecondsBetween(at, new Date(at.getTime() + 90_999))).toBe(90);
  });

  it('is null when an end is unknown and never negative', () => {
    expect(wholeSecondsBetween(null, at)).toBeNull();
    expect(wholeSecondsBetween(at, null)).toBeNull();
    expect(wholeSecondsBetween(at, new Date(at.getTime() - 5000))).toBe(0);
  });
});
