// The closed lists a damage record names (docs/staff.md): vehicle parts and damage types, with labels and what each
// grade means. Validation, the dashboard and GET /v1/damage-catalog all read these lists, so they cannot drift.
import { z } from 'zod';

/**
 * The parts a damage may name. A closed list keeps `max_grade_per_item` groupable: "Front Bumper",
 * "front-bumper" and "front_bumper" all normalise to one key, and typos are refused instead of stored.
 * Sides are the vehicle's own (left = the driver's side in left-hand-drive markets), side first.
 */
export const VEHICLE_ITEMS = Object.freeze([
  // body, front to back
  'front_bumper',
  'grille',
  'hood',
  'windshield',
  'roof',
  'rear_window',
  'trunk',
  'tailgate',
  'rear_bumper',
  'left_front_fender',
  'right_front_fender',
  'left_rear_quarter_panel',
  'right_rear_quarter_panel',
  'left_front_door',
  'right_front_door',
  'left_rear_door',
  'right_rear_door',
  'left_rocker_panel',
  'right_rocker_panel',
  // glass, lights, mirrors
  'left_front_window',
  'right_front_window',
  'left_rear_window',
  'right_rear_window',
  'left_headlight',
  'right_headlight',
  'left_taillight',
  'right_taillight',
  'left_fog_light',
  'right_fog_light',
  'left_mirror',
  'right_mirror',
  // wheels and tires
  'left_front_wheel',
  'right_front_wheel',
  'left_rear_wheel',
  'right_rear_wheel',
  'left_front_tire',
  'right_front_tire',
  'left_rear_tire',
  'right_rear_tire',
  // interior
  'dashboard',
  'instrument_cluster',
  'steering_wheel',
  'front_seats',
  'rear_seats',
  'headliner',
  'carpet',
  // anything else
  'license_plate',
  'undercarriage',
  'other',
] as const);
export type VehicleItem = (typeof VEHICLE_ITEMS)[number];
export const VehicleItemSchema = z.enum(VEHICLE_ITEMS as readonly VehicleItem[] as [VehicleItem, ...VehicleItem[]]).meta({ id: 'VehicleItem' });

/** Damage severity, 1 minor … 5 severe. It lives here, beside what each grade means, so grading.ts can import the catalog. */
export type Grade = 1 | 2 | 3 | 4 | 5;

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

// A custom schema keeps the Grade union in the types (z.int() would give number); the override says what it accepts.
export const GradeSchema = z
  .custom<Grade>(isGrade, { error: 'must be an integer from 1 (minor) to 5 (severe).' })
  .meta({ id: 'Grade', override: { type: 'integer', minimum: 1, maximum: 5 } });

interface DamageTypeEntry {
  label: string;
  /** What the type is. */
  summary: string;
  /** What grades 1 (minor) … 5 (severe) mean for it. */
  grades: readonly [string, string, string, string, string];
  default_grade: Grade;
}

/** The type, then what each grade means: "A dent. 1: …; 2: …; … 5: …." */
function describe(entry: DamageTypeEntry): string {
  return `${entry.summary} ${entry.grades.map((meaning, index) => `${index + 1}: ${meaning}`).join('; ')}.`;
}

const DAMAGE_TYPE_ENTRIES = {
  scratch: {
    label: 'Scratch',
    summary: 'A line through paint or coating.',
    grades: [
      'in the clear coat, polishes out',
      'into the colour coat',
      'down to primer or several panels',
      'to bare metal or plastic',
      'deep gouges across the panel',
    ],
    default_grade: 2,
  },
  scuff: {
    label: 'Scuff',
    summary: 'Surface abrasion or paint transfer without a cut.',
    grades: ['transfer that wipes off', 'dull patch smaller than a hand', 'larger than a hand', 'abraded through paint', 'the whole panel'],
    default_grade: 1,
  },
  dent: {
    label: 'Dent',
    summary: 'A deformation of the panel.',
    grades: [
      'smaller than a coin, paint intact',
      'up to 5 cm, paintless repair possible',
      'up to 15 cm or on a crease',
      'larger, paint broken',
      'panel must be replaced',
    ],
    default_grade: 3,
  },
  crack: {
    label: 'Crack',
    summary: 'A fracture in glass, plastic or trim.',
    grades: [
      'hairline under 1 cm',
      'up to 5 cm, outside the driver’s view',
      'longer or in the driver’s view',
      'spreading, part weakened',
      'part must be replaced',
    ],
    default_grade: 3,
  },
  chip: {
    label: 'Chip',
    summary: 'A small piece of paint or glass knocked out.',
    grades: ['single stone chip', 'a few chips', 'many chips or one to the metal', 'chips with rust or in the driver’s view', 'glass must be replaced'],
    default_grade: 1,
  },
  rust: {
    label: 'Rust',
    summary: 'Corrosion.',
    grades: ['surface spots', 'bubbling under paint', 'patch larger than a hand', 'flaking, metal thinning', 'perforation'],
    default_grade: 3,
  },
  broken: {
    label: 'Broken',
    summary: 'A part that is broken or does not work.',
    grades: ['cosmetic clip or cover', 'loose but working', 'partly working', 'not working', 'broken in a way that affects safety'],
    default_grade: 4,
  },
  missing: {
    label: 'Missing',
    summary: 'A part that is absent.',
    grades: ['cap or small trim', 'emblem or cover', 'a functional accessory', 'a light, mirror or wheel part', 'a part the vehicle cannot be driven without'],
    default_grade: 4,
  },
  stain: {
    label: 'Stain',
    summary: 'Discolouration of upholstery, carpet or headliner.',
    grades: ['faint, cleans out', 'visible spot', 'several or larger than a hand', 'permanent', 'the surface needs replacing'],
    default_grade: 2,
  },
  tear: {
    label: 'Tear',
    summary: 'A cut, tear or burn in upholstery, trim or a tyre.',
    grades: ['under 1 cm', 'up to 5 cm', 'larger', 'through the material', 'the part must be replaced (any tyre sidewall cut)'],
    default_grade: 3,
  },
  wear: {
    label: 'Wear',
    summary: 'Wear beyond the vehicle’s age (tyre tread, seat bolsters, pedals, steering wheel).',
    grades: ['light', 'visible', 'heavy', 'at the legal or usable limit', 'beyond it'],
    default_grade: 2,
  },
  other: {
    label: 'Other',
    summary: 'Anything the other types do not describe; say what in the note.',
    grades: ['minor', 'light', 'moderate', 'major', 'severe'],
    default_grade: 3,
  },
} as const satisfies Record<string, DamageTypeEntry>;

export type DamageType = keyof typeof DAMAGE_TYPE_ENTRIES;
export const DAMAGE_TYPES = Object.freeze(Object.keys(DAMAGE_TYPE_ENTRIES) as DamageType[]);
export const DamageTypeSchema = z
  .enum(DAMAGE_TYPES as readonly DamageType[] as [DamageType, ...DamageType[]])
  .meta({ id: 'DamageType', description: 'See GET /v1/damage-catalog for labels and what each grade means.' });

/** The answer of GET /v1/damage-catalog. */
export const DamageCatalogSchema = z
  .object({
    items: z.array(z.object({ code: VehicleItemSchema, label: z.string() })),
    damage_types: z.array(
      z.object({
        code: DamageTypeSchema,
        label: z.string(),
        description: z.string().meta({ description: 'What the type is, then what grades 1 (minor) … 5 (severe) mean for it.' }),
        summary: z.string().meta({ description: 'What the type is (the description without the grades).' }),
        grade_meanings: z.array(z.string()).length(5).meta({ description: 'What grades 1 … 5 mean for this type, in order.' }),
        default_grade: GradeSchema,
      }),
    ),
  })
  .meta({ id: 'DamageCatalog' });
export type DamageCatalog = z.output<typeof DamageCatalogSchema>;

/** The catalog as GET /v1/damage-catalog answers it. */
export function damageCatalog(): DamageCatalog {
  return {
    items: VEHICLE_ITEMS.map((code) => ({ code, label: itemLabel(code) })),
    damage_types: DAMAGE_TYPES.map((code) => {
      const entry: DamageTypeEntry = DAMAGE_TYPE_ENTRIES[code];
      return {
        code,
        label: entry.label,
        description: describe(entry),
        summary: entry.summary,
        grade_meanings: [...entry.grades],
        default_grade: entry.default_grade,
      };
    }),
  };
}

/** "Left-Front Door " → "left_front_door": lower case, every run of other characters becomes one "_". */
export function normaliseCode(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function isVehicleItem(value: unknown): value is VehicleItem {
  return typeof value === 'string' && (VEHICLE_ITEMS as readonly string[]).includes(value);
}

export function isDamageType(value: unknown): value is DamageType {
  return typeof value === 'string' && Object.hasOwn(DAMAGE_TYPE_ENTRIES, value);
}

/**
 * "left_front_door" → "Front door, driver side": sides are named as the capture page names the views (the driver's
 * side is the left in left-hand-drive markets), never Left/Right, so a part and its photo read alike.
 */
export function itemLabel(item: VehicleItem): string {
  const side = /^(left|right)_(.+)$/.exec(item);
  const part = (side ? side[2] : item) as string;
  const spaced = part.replace(/_/g, ' ');
  const label = spaced.charAt(0).toUpperCase() + spaced.slice(1);
  return side ? `${label}, ${side[1] === 'left' ? 'driver' : 'passenger'} side` : label;
}

export function defaultGrade(type: DamageType): Grade {
  return DAMAGE_TYPE_ENTRIES[type].default_grade;
}

/** A detector's item, normalised; anything outside the list becomes `other` (docs/staff.md). */
export function itemOrOther(value: unknown): VehicleItem {
  const code = typeof value === 'string' ? normaliseCode(value) : '';
  return isVehicleItem(code) ? code : 'other';
}

/** A detector's damage type, normalised; anything outside the list becomes `other`. */
export function damageTypeOrOther(value: unknown): DamageType {
  const code = typeof value === 'string' ? normaliseCode(value) : '';
  return isDamageType(code) ? code : 'other';
}
