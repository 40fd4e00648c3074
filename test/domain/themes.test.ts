import { describe, expect, it } from 'vitest';
import {
  allRequiredAccepted,
  hasDamageInspection,
  isPhotoCode,
  isTheme,
  PHOTO_CODES,
  PHOTO_LABELS,
  photoHint,
  photoLabel,
  requiredPhotoCodes,
  THEME_NAMES,
  THEMES,
} from '../../src/domain/themes.js';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

describe('photo codes', () => {
  it('labels the 13 codes as docs/rest-guide.md', () => {
    expect(PHOTO_LABELS).toEqual({
      1: 'VIN',
      2: 'Interior',
      3: 'Cluster',
      4: 'Left',
      5: 'Front',
      6: 'Tires',
      7: 'Right',
      8: 'Rear',
      9: 'Windshield',
      10: 'Front_Left',
      11: 'Front_Right',
      12: 'Rear_Right',
      13: 'Rear_Left',
    });
    expect(PHOTO_CODES).toEqual(ALL);
  });

  it('looks labels up by code, undefined for unknown codes', () => {
    expect(photoLabel(1)).toBe('VIN');
    expect(photoLabel(13)).toBe('Rear_Left');
    expect(photoLabel(0)).toBeUndefined();
    expect(photoLabel(14)).toBeUndefined();
    expect(photoLabel(1.5)).toBeUndefined();
  });

  it('recognises photo codes', () => {
    expect(isPhotoCode(7)).toBe(true);
    expect(isPhotoCode('7')).toBe(false);
    expect(isPhotoCode(-1)).toBe(false);
  });

  it('has a distinct capture hint for every code', () => {
    const hints = ALL.map((code) => photoHint(code));
    for (const hint of hints) expect(hint).toMatch(/^[A-Z].{20,}\.$/);
    expect(new Set(hints).size).toBe(13);
    expect(photoHint(1)).toContain('VIN');
    expect(photoHint(99)).toBeUndefined();
  });
});

describe('themes', () => {
  it('are PRO, LITE and CAPT', () => {
    expect(THEME_NAMES).toEqual(['PRO', 'LITE', 'CAPT']);
  });

  it('require the photos of docs/rest-guide.md', () => {
    expect(requiredPhotoCodes('PRO')).toEqual(ALL);
    expect(requiredPhotoCodes('LITE')).toEqual([1, 2, 4, 5, 7, 8]);
    expect(requiredPhotoCodes('CAPT')).toEqual(ALL);
  });

  it('hand out copies, so callers cannot change a theme', () => {
    requiredPhotoCodes('LITE').push(9);
    expect(requiredPhotoCodes('LITE')).toEqual([1, 2, 4, 5, 7, 8]);
  });

  it('inspect damages except CAPT', () => {
    expect(hasDamageInspection('PRO')).toBe(true);
    expect(hasDamageInspection('LITE')).toBe(true);
    expect(hasDamageInspection('CAPT')).toBe(false);
  });

  it('isTheme accepts exactly the three names', () => {
    for (const name of ['PRO', 'LITE', 'CAPT']) expect(isTheme(name)).toBe(true);
    for (const other of ['pro', 'XYZ', '', 'toString', '__proto__', 'constructor', 1, null, undefined]) {
      expect(isTheme(other)).toBe(false);
    }
  });

  it('THEMES has no inherited keys, so `name in THEMES` is safe too', () => {
    expect('toString' in THEMES).toBe(false);
    expect('PRO' in THEMES).toBe(true);
  });
});

describe('allRequiredAccepted', () => {
  it('is true once every required code is accepted', () => {
    expect(allRequiredAccepted('LITE', [1, 2, 4, 5, 7, 8])).toBe(true);
    expect(allRequiredAccepted('PRO', ALL)).toBe(true);
  });

  it('ignores extra codes and order, accepts any iterable', () => {
    expect(allRequiredAccepted('LITE', new Set([8, 7, 5, 4, 3, 2, 1]))).toBe(true);
  });

  it('is false while one is missing', () => {
    expect(allRequiredAccepted('LITE', [1, 2, 4, 5, 7])).toBe(false);
    expect(allRequiredAccepted('PRO', [1, 2, 4, 5, 7, 8])).toBe(false);
    expect(allRequiredAccepted('CAPT', ALL.slice(1))).toBe(false);
    expect(allRequiredAccepted('PRO', [])).toBe(false);
  });
});
