import { describe, expect, it } from 'vitest';
import {
  gradeName,
  isGrade,
  maxGradePerItem,
  overallGrade,
  parseDamageBody,
  parseDamageChangesBody,
  parseRegion,
  type Grade,
} from '../../src/domain/grading.js';
import { damageCatalog, damageTypeOrOther, itemOrOther, normaliseCode, VEHICLE_ITEMS } from '../../src/domain/damage-catalog.js';

/** The body parsers, given camelCase names for brevity. */
function parseDamage(input: { item: unknown; damageType: unknown; grade?: unknown; photoCode?: unknown; region?: unknown; note?: unknown }) {
  const { damageType, photoCode, ...rest } = input;
  return parseDamageBody({ ...rest, damage_type: damageType, photo_code: photoCode });
}

function parseDamageChanges(input: Record<string, unknown>) {
  const { damageType, ...rest } = input;
  return parseDamageChangesBody({ ...rest, damage_type: damageType });
}

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

  it('sorts the items alphabetically whatever order the damages came in', () => {
    const items = ['windshield', 'hood', 'trunk', 'front_bumper', 'left_front_door', 'hood', 'roof', 'grille'];
    const result = maxGradePerItem(items.map((item, index) => ({ item, grade: ((index % 5) + 1) as Grade })));
    expect(Object.keys(result)).toEqual(['front_bumper', 'grille', 'hood', 'left_front_door', 'roof', 'trunk', 'windshield']);
    expect(result.hood).toBe(2);
  });
});

describe('damage validation', () => {
  it('accepts a listed item and type and normalises their spelling', () => {
    expect(normaliseCode('  Left-Front Door ')).toBe('left_front_door');
    expect(parseDamage({ item: 'Front Bumper', damageType: ' Scratch ', grade: 2, photoCode: 5 })).toEqual({
      ok: true,
      value: { item: 'front_bumper', damageType: 'scratch', grade: 2, photoCode: 5, region: null, note: '' },
    });
    expect(refusal({ item: 'hood', damageType: 'dent', grade: 5 })).toBeNull();
    expect(parseDamage({ item: 'hood', damageType: 'dent', grade: 5 })).toMatchObject({ value: { photoCode: null } });
  });

  it("takes the type's default grade when none is given", () => {
    const catalog = damageCatalog();
    for (const type of catalog.damage_types) {
      expect(parseDamage({ item: 'hood', damageType: type.code })).toMatchObject({ ok: true, value: { grade: type.default_grade } });
    }
  });

  it('lists items in snake_case, without duplicates, including the usual parts', () => {
    for (const item of VEHICLE_ITEMS) expect(normaliseCode(item)).toBe(item);
    expect(new Set(VEHICLE_ITEMS).size).toBe(VEHICLE_ITEMS.length);
    expect(VEHICLE_ITEMS).toEqual(expect.arrayContaining(['front_bumper', 'hood', 'windshield', 'left_front_door', 'other']));
  });

  it('refuses grades outside the integers 1..5', () => {
    for (const grade of [0, 6, 2.5, '3', false]) {
      expect(refusal({ item: 'hood', damageType: 'dent', grade })).toBe('grade must be an integer from 1 (minor) to 5 (severe).');
    }
  });

  it('refuses empty, long or unknown items', () => {
    expect(refusal({ item: ' ', damageType: 'dent', grade: 1 })).toBe('item must be a non-empty string.');
    expect(refusal({ item: 7, damageType: 'dent', grade: 1 })).toBe('item must be a non-empty string.');
    expect(refusal({ item: 'x'.repeat(101), damageType: 'dent', grade: 1 })).toBe('item must be at most 100 characters.');
    const message = refusal({ item: 'flux capacitor', damageType: 'dent', grade: 1 });
    expect(message).toMatch(/^Unknown item flux capacitor\. Use one of front_bumper, /);
    expect(message).toContain('left_front_door');
  });

  it('refuses empty, long or unknown damage types', () => {
    expect(refusal({ item: 'hood', damageType: '', grade: 1 })).toBe('damage_type must be a non-empty string.');
    expect(refusal({ item: 'hood', damageType: 'd'.repeat(101), grade: 1 })).toBe('damage_type must be at most 100 characters.');
    expect(refusal({ item: 'hood', damageType: 'hail dents', grade: 1 })).toMatch(/^Unknown damage_type hail dents\. Use one of scratch, scuff, dent, /);
  });

  it('refuses an unknown photo code', () => {
    expect(refusal({ item: 'hood', damageType: 'dent', grade: 1, photoCode: 14 })).toBe('photo_code must be a photo code from 1 to 13.');
    expect(refusal({ item: 'hood', damageType: 'dent', grade: 1, photoCode: null })).toBeNull();
  });

  it('accepts a region inside the photo and refuses one that leaves it or has no photo', () => {
    const box = { x: 0.25, y: 0.5, width: 0.75, height: 0.5 };
    expect(parseDamage({ item: 'hood', damageType: 'dent', photoCode: 5, region: box })).toMatchObject({ ok: true, value: { region: box } });
    expect(parseRegion({ x: 0.1 + 0.2, y: 0, width: 0.7, height: 1 })).toMatchObject({ ok: true });
    for (const bad of [
      { x: 0.5, y: 0, width: 0.6, height: 0.1 },
      { x: 0, y: 0.9, width: 0.1, height: 0.2 },
      { x: -0.1, y: 0, width: 0.1, height: 0.1 },
      { x: 0, y: 0, width: 0, height: 0.1 },
      { x: 0, y: 0, width: 0.1, height: Number.NaN },
      { x: 0, y: 0, width: 0.1, height: '0.1' },
      { x: 0, y: 0, width: 0.1, height: 0.1, depth: 1 },
      [0, 0, 0.1, 0.1],
      'box',
    ]) {
      expect(parseRegion(bad)).toMatchObject({ ok: false });
    }
    expect(refusal({ item: 'hood', damageType: 'dent', region: box })).toBe('region needs the photo_code of the photo it is drawn on.');
  });

  it("takes a browser's rounding at the photo's edge, and not a hair more", () => {
    // 1e-9 + 1 is exactly the slack allowed past the right or bottom edge.
    expect(parseRegion({ x: 1e-9, y: 0, width: 1, height: 1 })).toMatchObject({ ok: true });
    expect(parseRegion({ x: 0, y: 1e-9, width: 1, height: 1 })).toMatchObject({ ok: true });
    expect(parseRegion({ x: 2e-9, y: 0, width: 1, height: 1 })).toMatchObject({ ok: false });
    expect(parseRegion({ x: 0, y: 2e-9, width: 1, height: 1 })).toMatchObject({ ok: false });
    expect(parseRegion(null)).toEqual({ ok: true, value: null });
    expect(parseRegion(undefined)).toEqual({ ok: true, value: null });
  });

  it("reads the first release's `damage` when damage_type is absent or null, never over it", () => {
    expect(parseDamageBody({ item: 'hood', damage: ' Dent ' })).toMatchObject({ ok: true, value: { damageType: 'dent' } });
    expect(parseDamageBody({ item: 'hood', damage_type: null, damage: 'rust' })).toMatchObject({ ok: true, value: { damageType: 'rust' } });
    expect(parseDamageBody({ item: 'hood', damage_type: 'scratch', damage: 'rust' })).toMatchObject({ ok: true, value: { damageType: 'scratch' } });
    expect(parseDamageBody({ item: 'hood' })).toEqual({ ok: false, message: 'damage_type must be a non-empty string.' });
    expect(parseDamageChangesBody({ damage: 'Rust' })).toEqual({ ok: true, value: { damageType: 'rust' } });
    // A change without either leaves the type alone.
    expect(parseDamageChangesBody({ note: '  a scuff by the handle  ' })).toEqual({ ok: true, value: { note: 'a scuff by the handle' } });
  });

  it('refuses a body that is not an object, and clears a note given as null', () => {
    for (const body of [null, 'dent', ['hood', 'dent'], 7]) {
      expect(parseDamageBody(body), JSON.stringify(body)).toMatchObject({ ok: false });
      expect(parseDamageChangesBody(body), JSON.stringify(body)).toMatchObject({ ok: false });
    }
    expect(parseDamageChangesBody({ note: null })).toEqual({ ok: true, value: { note: '' } });
    expect(parseDamageChangesBody({ item: 'Front Bumper' })).toEqual({ ok: true, value: { item: 'front_bumper' } });
    expect(parseDamageBody({ item: 'hood', damage_type: 'dent', note: null })).toMatchObject({ ok: true, value: { note: '' } });
  });

  it('checks only the fields a change carries, and lets a person accept or decline but not propose', () => {
    expect(parseDamageChanges({ status: 'declined' })).toEqual({ ok: true, value: { status: 'declined' } });
    expect(parseDamageChanges({ grade: 4, damageType: 'Rust', region: null })).toEqual({ ok: true, value: { grade: 4, damageType: 'rust', region: null } });
    expect(parseDamageChanges({ status: 'proposed' })).toEqual({ ok: false, message: 'status must be accepted or declined.' });
    expect(parseDamageChanges({ grade: 0 })).toMatchObject({ ok: false });
    expect(parseDamageChanges({})).toMatchObject({ ok: false, message: 'Give at least one of status, grade, damage_type, item, region, note.' });
  });
});

describe('damage catalog', () => {
  it('lists every item and type once, with labels, descriptions and default grades', () => {
    const catalog = damageCatalog();
    expect(catalog.items.map((item) => item.code)).toEqual([...VEHICLE_ITEMS]);
    expect(catalog.damage_types.map((type) => type.code)).toEqual(
      expect.arrayContaining(['scratch', 'scuff', 'dent', 'crack', 'chip', 'rust', 'broken', 'missing', 'other']),
    );
    for (const type of catalog.damage_types) {
      expect(type.label).not.toBe('');
      expect(type.description).toMatch(/1: .*5: /s);
      expect(isGrade(type.default_grade)).toBe(true);
    }
    expect(catalog.items.find((item) => item.code === 'left_front_door')?.label).toBe('Front door, driver side');
  });

  it("maps a detector's unknown item or type to other", () => {
    expect(itemOrOther('Hood')).toBe('hood');
    expect(itemOrOther('spoiler')).toBe('other');
    expect(itemOrOther(undefined)).toBe('other');
    expect(damageTypeOrOther('DENT')).toBe('dent');
    expect(damageTypeOrOther('hail')).toBe('other');
  });
});
