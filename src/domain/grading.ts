// Damage records and the vehicle's condition grade derived from them (CONTRACT §6 "inspection", §13).
// Damage grade = severity, 1 minor … 5 severe. Overall grade = condition, 5 EXCELLENT … 1 POOR.
import { z } from 'zod';
import { isPhotoCode } from './themes.js';
import { quoteInput } from './validation.js';
import { DAMAGE_TYPES, VEHICLE_ITEMS, defaultGrade, isDamageType, isVehicleItem, normaliseCode, type DamageType, type VehicleItem } from './damage-catalog.js';

export type Grade = 1 | 2 | 3 | 4 | 5;
export const GradeSchema = z.int().min(1).max(5).meta({ id: 'Grade' });

export const GRADE_NAMES = Object.freeze({ 5: 'EXCELLENT', 4: 'GOOD', 3: 'FAIR', 2: 'ROUGH', 1: 'POOR' } as const);
export type GradeName = (typeof GRADE_NAMES)[Grade];

export { VEHICLE_ITEMS, type VehicleItem } from './damage-catalog.js';

/** A box on a photo, in fractions (0–1) of its width and height. */
export interface DamageRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DAMAGE_RECORD_STATUSES = ['accepted', 'declined', 'proposed'] as const;
export type DamageRecordStatus = (typeof DAMAGE_RECORD_STATUSES)[number];

export interface Damage {
  item: VehicleItem;
  damageType: DamageType;
  grade: Grade;
  photoCode: number | null;
  region: DamageRegion | null;
  note: string;
}

/** What a change to a damage record may carry; absent fields stay as they are. */
export interface DamageChanges {
  item?: VehicleItem;
  damageType?: DamageType;
  grade?: Grade;
  region?: DamageRegion | null;
  note?: string;
  status?: DamageRecordStatus;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_TEXT = 100;
const MAX_NOTE = 1000;
/** Rounding slack for boxes drawn in a browser (x + width may come out as 1.0000000000000002). */
const REGION_EPSILON = 1e-9;

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

export function gradeName(grade: Grade): GradeName {
  return GRADE_NAMES[grade];
}

export function isDamageRecordStatus(value: unknown): value is DamageRecordStatus {
  return typeof value === 'string' && (DAMAGE_RECORD_STATUSES as readonly string[]).includes(value);
}

function parseItem(value: unknown): Parsed<VehicleItem> {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, message: 'item must be a non-empty string.' };
  if (value.length > MAX_TEXT) return { ok: false, message: `item must be at most ${MAX_TEXT} characters.` };
  const item = normaliseCode(value);
  if (!isVehicleItem(item)) return { ok: false, message: `Unknown item ${quoteInput(value.trim())}. Use one of ${VEHICLE_ITEMS.join(', ')}.` };
  return { ok: true, value: item };
}

function parseDamageType(value: unknown): Parsed<DamageType> {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, message: 'damage_type must be a non-empty string.' };
  if (value.length > MAX_TEXT) return { ok: false, message: `damage_type must be at most ${MAX_TEXT} characters.` };
  const type = normaliseCode(value);
  if (!isDamageType(type)) return { ok: false, message: `Unknown damage_type ${quoteInput(value.trim())}. Use one of ${DAMAGE_TYPES.join(', ')}.` };
  return { ok: true, value: type };
}

/** A box in fractions of the photo: every side inside it, width and height above zero. Null means "no box". */
export function parseRegion(value: unknown): Parsed<DamageRegion | null> {
  if (value === null || value === undefined) return { ok: true, value: null };
  const fail = {
    ok: false as const,
    message: 'region must be {"x", "y", "width", "height"}: fractions 0-1 of the photo, with x + width <= 1 and y + height <= 1.',
  };
  if (typeof value !== 'object' || Array.isArray(value)) return fail;
  const box = value as Record<string, unknown>;
  if (Object.keys(box).some((key) => !['x', 'y', 'width', 'height'].includes(key))) return fail;
  const { x, y, width, height } = box;
  const fraction = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  if (!fraction(x) || !fraction(y) || !fraction(width) || !fraction(height)) return fail;
  if (width === 0 || height === 0 || x + width > 1 + REGION_EPSILON || y + height > 1 + REGION_EPSILON) return fail;
  return { ok: true, value: { x, y, width, height } };
}

function parseNote(value: unknown): Parsed<string> {
  if (value === null || value === undefined) return { ok: true, value: '' };
  if (typeof value !== 'string') return { ok: false, message: 'note must be a string.' };
  if (value.length > MAX_NOTE) return { ok: false, message: `note must be at most ${MAX_NOTE} characters.` };
  return { ok: true, value: value.trim() };
}

/**
 * A damage record from outside (API, GraphQL), checked and normalised. The grade defaults to the type's
 * default grade; a region needs the photo it is drawn on.
 */
export function parseDamage(input: {
  item: unknown;
  damageType: unknown;
  grade?: unknown;
  photoCode?: unknown;
  region?: unknown;
  note?: unknown;
}): Parsed<Damage> {
  const item = parseItem(input.item);
  if (!item.ok) return item;
  const damageType = parseDamageType(input.damageType);
  if (!damageType.ok) return damageType;
  const grade = input.grade ?? null;
  if (grade !== null && !isGrade(grade)) return { ok: false, message: 'grade must be an integer from 1 (minor) to 5 (severe).' };
  const photoCode = input.photoCode ?? null;
  if (photoCode !== null && !isPhotoCode(photoCode)) return { ok: false, message: 'photo_code must be a photo code from 1 to 13.' };
  const region = parseRegion(input.region);
  if (!region.ok) return region;
  if (region.value !== null && photoCode === null) return { ok: false, message: 'region needs the photo_code of the photo it is drawn on.' };
  const note = parseNote(input.note);
  if (!note.ok) return note;
  return {
    ok: true,
    value: {
      item: item.value,
      damageType: damageType.value,
      grade: grade ?? defaultGrade(damageType.value),
      photoCode,
      region: region.value,
      note: note.value,
    },
  };
}

/** A change to a damage record: only the fields present are checked and returned; at least one is needed. */
export function parseDamageChanges(input: Record<string, unknown>): Parsed<DamageChanges> {
  const changes: DamageChanges = {};
  if (input.item !== undefined) {
    const item = parseItem(input.item);
    if (!item.ok) return item;
    changes.item = item.value;
  }
  if (input.damageType !== undefined) {
    const type = parseDamageType(input.damageType);
    if (!type.ok) return type;
    changes.damageType = type.value;
  }
  if (input.grade !== undefined) {
    if (!isGrade(input.grade)) return { ok: false, message: 'grade must be an integer from 1 (minor) to 5 (severe).' };
    changes.grade = input.grade;
  }
  if (input.region !== undefined) {
    const region = parseRegion(input.region);
    if (!region.ok) return region;
    changes.region = region.value;
  }
  if (input.note !== undefined) {
    const note = parseNote(input.note);
    if (!note.ok) return note;
    changes.note = note.value;
  }
  if (input.status !== undefined) {
    if (input.status !== 'accepted' && input.status !== 'declined') return { ok: false, message: 'status must be accepted or declined.' };
    changes.status = input.status;
  }
  if (Object.keys(changes).length === 0) return { ok: false, message: 'Give at least one of status, grade, damage_type, item, region, note.' };
  return { ok: true, value: changes };
}

/** The highest damage grade per item, keys in alphabetical order. */
export function maxGradePerItem(damages: readonly { item: string; grade: Grade }[]): Record<string, Grade> {
  const max = new Map<string, Grade>();
  for (const { item, grade } of damages) {
    const current = max.get(item);
    if (current === undefined || grade > current) max.set(item, grade);
  }
  // fromEntries defines own data properties, so an odd item name cannot reach the prototype.
  return Object.fromEntries([...max].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The vehicle's condition: start at 5 (EXCELLENT, also the grade with no damages), lower it by the worst
 * damage (severity 1–2 → 1 step, 3 → 2, 4 → 3, 5 → 4) and by one more step for every 5 damages beyond
 * the first 5; never below 1 (POOR). One scratch → GOOD, one severe damage → POOR, many minor ones add up.
 */
export function overallGrade(damages: readonly { grade: Grade }[]): Grade {
  if (damages.length === 0) return 5;
  const worst = damages.reduce((max, damage) => Math.max(max, damage.grade), 1);
  const severitySteps = worst <= 2 ? 1 : worst - 1;
  const countSteps = Math.floor((damages.length - 1) / 5);
  return Math.max(1, 5 - severitySteps - countSteps) as Grade;
}
