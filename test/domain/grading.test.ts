import { describe, expect, it } from 'vitest';
import {
  gradeName,
  isGrade,
  maxGradePerItem,
  normaliseItemName,
  overallGrade,
  parseDamage,
  VEHICLE_ITEMS,
  type Grade,
} from '../../src/domain/grading.js';

/** Why parseDamage refuses the record, or null when it accepts it. */
function refusal(input: Parameters<typeof parseDamage>[0]): string | null {
  const parsed = parseDamage(input);
  return parsed.ok ? null : parsed.message;
}

const damages = (...grades: Grade[]) => grades.map((grade) => ({ item: 'hood', grade }));

describe('overallGrade', () => {
  it('is 5 (EXCELLENT) with no damages', () => {
    expect(overallGrade([])).toBe(5);
  });

  it('lowers by the worst damage: 1–2 → 4, 3 → 3, 4 → 2, 5 → 1', () => {
    expect(overallGrade(damages(1))).toBe(4);
    expect(overallGrade(damages(2))).toBe(4);
    expect(overallGrade(damages(3))).toBe(3);
    expect(overallGrade(damages(4))).toBe(2);
    expect(overallGrade(damages(5))).toBe(1);
    expect(overallGrade(damages(1, 1, 4))).toBe(2);
  });

  it('lowers one more step for every 5 damages beyond the first 5', () => {
    expect(overallGrade(damages(1, 1, 1, 1, 1))).toBe(4);
    expect(overallGrade(damages(1, 1, 1, 1, 1, 1))).toBe(3);
    expect(overallGrade(damages(...new Array<Grade>(11).fill(1)))).toBe(2);
    expect(overallGrade(damages(...new Array<Grade>(16).fill(2)))).toBe(1);
  });

  it('never goes below 1', () => {
    expect(overallGrade(damages(...new Array<Grade>(100).fill(5)))).toBe(1);
  });
});

describe('gradeName', () => {
  it('names 5 EXCELLENT … 1 POOR', () => {
    expect([5, 4, 3, 2, 1].map((grade) => gradeName(grade as Grade))).toEqual(['EXCELLENT', 'GOOD', 'FAIR', 'ROUGH', 'POOR']);
  });

  it('isGrade accepts the integers 1..5 only', () => {
    for (const grade of [1, 2, 3, 4, 5]) expect(isGrade(grade)).toBe(true);
    for (const other of [0, 6, 2.5, '3', null, NaN]) expect(isGrade(other)).toBe(false);
  });
});

describe('maxGradePerItem', () => {
  it('holds the highest grade per item, keys sorted', () => {
    const result = maxGradePerItem([
      { item: 'hood', grade: 2 },
      { item: 'front_bumper', grade: 1 },
      { item: 'hood', grade: 4 },
      { item: 'front_bumper', grade: 3 },
      { item: 'hood', grade: 3 },
    ]);
    expect(result).toEqual({ front_bumper: 3, hood: 4 });
    expect(Object.keys(result)).toEqual(['front_bumper', 'hood']);
  });

  it('is empty with no damages', () => {
    expect(maxGradePerItem([])).toEqual({});
  });
});

describe('damage validation', () => {
  it('accepts a listed item and normalises its spelling', () => {
    expect(normaliseItemName('  Left-Front Door ')).toBe('left_front_door');
    expect(parseDamage({ item: 'Front Bumper', damage: ' scratch ', grade: 2, photoCode: 5 })).toEqual({
      ok: true,
      value: { item: 'front_bumper', damage: 'scratch', grade: 2, photoCode: 5 },
    });
    expect(refusal({ item: 'hood', damage: 'dent', grade: 5 })).toBeNull();
    expect(parseDamage({ item: 'hood', damage: 'dent', grade: 5 })).toMatchObject({ value: { photoCode: null } });
  });

  it('lists items in snake_case, without duplicates, including the usual parts', () => {
    for (const item of VEHICLE_ITEMS) expect(normaliseItemName(item)).toBe(item);
    expect(new Set(VEHICLE_ITEMS).size).toBe(VEHICLE_ITEMS.length);
    expect(VEHICLE_ITEMS).toEqual(expect.arrayContaining(['front_bumper', 'hood', 'windshield', 'left_front_door', 'other']));
  });

  it('refuses grades outside the integers 1..5', () => {
    for (const grade of [0, 6, 2.5, '3', null, undefined]) {
      expect(refusal({ item: 'hood', damage: 'dent', grade })).toBe('grade must be an integer from 1 (minor) to 5 (severe).');
    }
  });

  it('refuses empty, long or unknown items', () => {
    expect(refusal({ item: ' ', damage: 'dent', grade: 1 })).toBe('item must be a non-empty string.');
    expect(refusal({ item: 7, damage: 'dent', grade: 1 })).toBe('item must be a non-empty string.');
    expect(refusal({ item: 'x'.repeat(101), damage: 'dent', grade: 1 })).toBe('item must be at most 100 characters.');
    const message = refusal({ item: 'flux capacitor', damage: 'dent', grade: 1 });
    expect(message).toMatch(/^Unknown item flux capacitor\. Use one of front_bumper, /);
    expect(message).toContain('left_front_door');
  });

  it('refuses empty or long damage descriptions', () => {
    expect(refusal({ item: 'hood', damage: '', grade: 1 })).toBe('damage must be a non-empty string.');
    expect(refusal({ item: 'hood', damage: 'd'.repeat(101), grade: 1 })).toBe('damage must be at most 100 characters.');
    expect(refusal({ item: 'hood', damage: 'd'.repeat(100), grade: 1 })).toBeNull();
  });

  it('refuses an unknown photo code', () => {
    expect(refusal({ item: 'hood', damage: 'dent', grade: 1, photoCode: 14 })).toBe(
      'photo_code must be a photo code from 1 to 13.',
    );
    expect(refusal({ item: 'hood', damage: 'dent', grade: 1, photoCode: null })).toBeNull();
  });
});
