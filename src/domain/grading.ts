// Damage records and the vehicle's condition grade derived from them (CONTRACT §6 "inspection").
// Damage grade = severity, 1 minor … 5 severe. Overall grade = condition, 5 EXCELLENT … 1 POOR.
import { isPhotoCode } from './themes.js';
import { quoteInput } from './validation.js';

export type Grade = 1 | 2 | 3 | 4 | 5;

export const GRADE_NAMES = Object.freeze({ 5: 'EXCELLENT', 4: 'GOOD', 3: 'FAIR', 2: 'ROUGH', 1: 'POOR' } as const);
export type GradeName = (typeof GRADE_NAMES)[Grade];

/**
 * The parts a damage may name. A closed list keeps `max_grade_per_item` groupable: "Front Bumper",
 * "front-bumper" and "front_bumper" all normalise to one key, and typos are refused instead of stored.
 * Sides are the vehicle's own (left = the driver's side in left-hand-drive markets), side first.
 */
export const VEHICLE_ITEMS = Object.freeze([
  // body, front to back
  'front_bumper', 'grille', 'hood', 'windshield', 'roof', 'rear_window', 'trunk', 'tailgate', 'rear_bumper',
  'left_front_fender', 'right_front_fender', 'left_rear_quarter_panel', 'right_rear_quarter_panel',
  'left_front_door', 'right_front_door', 'left_rear_door', 'right_rear_door',
  'left_rocker_panel', 'right_rocker_panel',
  // glass, lights, mirrors
  'left_front_window', 'right_front_window', 'left_rear_window', 'right_rear_window',
  'left_headlight', 'right_headlight', 'left_taillight', 'right_taillight', 'left_fog_light', 'right_fog_light',
  'left_mirror', 'right_mirror',
  // wheels and tires
  'left_front_wheel', 'right_front_wheel', 'left_rear_wheel', 'right_rear_wheel',
  'left_front_tire', 'right_front_tire', 'left_rear_tire', 'right_rear_tire',
  // interior
  'dashboard', 'instrument_cluster', 'steering_wheel', 'front_seats', 'rear_seats', 'headliner', 'carpet',
  // anything else
  'license_plate', 'undercarriage', 'other',
] as const);
export type VehicleItem = (typeof VEHICLE_ITEMS)[number];

export interface Damage {
  item: VehicleItem;
  damage: string;
  grade: Grade;
  photoCode: number | null;
}

const MAX_TEXT = 100;

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

export function gradeName(grade: Grade): GradeName {
  return GRADE_NAMES[grade];
}

/** "Left-Front Door " → "left_front_door": lower case, every run of other characters becomes one "_". */
export function normaliseItemName(item: string): string {
  return item.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

export function isVehicleItem(value: unknown): value is VehicleItem {
  return typeof value === 'string' && (VEHICLE_ITEMS as readonly string[]).includes(value);
}

/** A damage record from outside (API, GraphQL, detector), checked and normalised. */
export function parseDamage(input: {
  item: unknown;
  damage: unknown;
  grade: unknown;
  photoCode?: unknown;
}): { ok: true; value: Damage } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (typeof input.item !== 'string' || input.item.trim() === '') return fail('item must be a non-empty string.');
  if (input.item.length > MAX_TEXT) return fail(`item must be at most ${MAX_TEXT} characters.`);
  const item = normaliseItemName(input.item);
  if (!isVehicleItem(item)) return fail(`Unknown item ${quoteInput(input.item.trim())}. Use one of ${VEHICLE_ITEMS.join(', ')}.`);
  if (typeof input.damage !== 'string' || input.damage.trim() === '') return fail('damage must be a non-empty string.');
  const damage = input.damage.trim();
  if (damage.length > MAX_TEXT) return fail(`damage must be at most ${MAX_TEXT} characters.`);
  if (!isGrade(input.grade)) return fail('grade must be an integer from 1 (minor) to 5 (severe).');
  const photoCode = input.photoCode ?? null;
  if (photoCode !== null && !isPhotoCode(photoCode)) return fail('photo_code must be a photo code from 1 to 13.');
  return { ok: true, value: { item, damage, grade: input.grade, photoCode } };
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
