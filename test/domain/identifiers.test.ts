import { describe, expect, it } from 'vitest';
import { isSessionKey, newCaptureToken, newSessionKey, randomString } from '../../src/domain/identifiers.js';

const KEY = /^[A-Z]{3}-[A-Z0-9]{10}$/;

describe('session keys', () => {
  it('2000 keys all match the format and are unique', () => {
    const keys = Array.from({ length: 2000 }, newSessionKey);
    for (const key of keys) expect(key).toMatch(KEY);
    expect(new Set(keys).size).toBe(2000);
  });

  it('use every letter and digit with roughly even frequency', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const char of newSessionKey().slice(4)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 20,000 draws over 36 symbols: 555 expected each; a biased or broken sampler lands far outside.
    expect(counts.size).toBe(36);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(400);
      expect(count).toBeLessThan(720);
    }
  });

  it('isSessionKey checks the exact format', () => {
    expect(isSessionKey('ABC-1234567890')).toBe(true);
    expect(isSessionKey(newSessionKey())).toBe(true);
    for (const bad of [
      'abc-1234567890',
      'AB-1234567890',
      'ABC-123456789',
      'ABC-12345678901',
      'ABC_1234567890',
      'ABC-12345678a0',
      ' ABC-1234567890',
      42,
      null,
    ]) {
      expect(isSessionKey(bad)).toBe(false);
    }
  });
});

describe('randomString', () => {
  it('draws only from the alphabet, at the length asked', () => {
    const text = randomString('xyz', 500);
    expect(text).toMatch(/^[xyz]{500}$/);
    expect(randomString('ab', 0)).toBe('');
  });

  it('rejects the bytes that modulo would skew', () => {
    // 200 symbols: bytes 200..255 must be dropped; taken modulo 200 they would double the odds of the
    // first 56 symbols. Compare how often those come up against the other 144.
    const alphabet = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x100 + i)).join('');
    const counts = new Array<number>(200).fill(0);
    for (const char of randomString(alphabet, 200_000)) counts[char.charCodeAt(0) - 0x100]! += 1;
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ratio = mean(counts.slice(0, 56)) / mean(counts.slice(56));
    expect(ratio).toBeGreaterThan(0.95);
    expect(ratio).toBeLessThan(1.05);
  });

  it('refuses an empty alphabet', () => {
    expect(() => randomString('', 3)).toThrow(RangeError);
  });
});

describe('capture tokens and random ids', () => {
  it('capture tokens carry at least 128 bits, base64url', () => {
    const token = newCaptureToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(newCaptureToken()).not.toBe(token);
  });
});
