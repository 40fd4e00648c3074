// Damage records and the vehicle's condition grade derived from them (docs/rest-guide.md "inspection", docs/staff.md).
// Damage grade = severity, 1 minor … 5 severe. Overall grade = condition, 5 EXCELLENT … 1 POOR.
// The zod schemas here validate damage bodies (REST and GraphQL) and describe them and the Damage answer in the
// OpenAPI document, so the two cannot drift.
import { z } from 'zod';
import { PhotoCodeSchema } from './themes.js';
import { UtcTimestampSchema } from './time.js';
import { firstIssueMessage, quoteInput, STANDALONE, type ParseResult } from './validation.js';
import {
  DAMAGE_TYPES,
  GradeSchema,
  VEHICLE_ITEMS,
  VehicleItemSchema,
  defaultGrade,
  isDamageType,
  isVehicleItem,
  normaliseCode,
  type DamageType,
  type Grade,
  type VehicleItem,
} from './damage-catalog.js';

export { GradeSchema, isGrade, type Grade } from './damage-catalog.js';

export const GRADE_NAMES = Object.freeze({ 5: 'EXCELLENT', 4: 'GOOD', 3: 'FAIR', 2: 'ROUGH', 1: 'POOR' } as const);
export type GradeName = (typeof GRADE_NAMES)[Grade];

export type { VehicleItem } from './damage-catalog.js';

export const DAMAGE_RECORD_STATUSES = ['accepted', 'declined', 'proposed'] as const;
export type DamageRecordStatus = (typeof DAMAGE_RECORD_STATUSES)[number];

/** What each record status means (docs/staff.md); GraphQL describes its enum with it. */
export const DAMAGE_RECORD_STATUS_MEANINGS: Readonly<Record<DamageRecordStatus, string>> = {
  accepted: 'Counts in the results: recorded by a person or the API, or a proposal a person accepted.',
  declined: 'A proposal a person declined: kept, but left out of the results.',
  proposed: 'Found by the damage detector, waiting for a person to accept or decline it; left out of the results until accepted.',
};

export const DAMAGE_SOURCES = ['manual', 'detector'] as const;
export type DamageSource = (typeof DAMAGE_SOURCES)[number];

const MAX_TEXT = 100;
/** The longest note a damage record keeps (the review form asks the server for it). */
export const DAMAGE_NOTE_MAX = 1000;
/** Rounding slack for boxes drawn in a browser (x + width may come out as 1.0000000000000002). */
const REGION_EPSILON = 1e-9;

// Region and photo_code problems answer one fixed sentence each, whatever zod found wrong.
const REGION_MESSAGE = 'region must be {"x", "y", "width", "height"}: fractions 0-1 of the photo, with x + width <= 1 and y + height <= 1.';
const FIELD_MESSAGES: Readonly<Record<string, string>> = {
  photo_code: 'photo_code must be a photo code from 1 to 13.',
  region: REGION_MESSAGE,
};
const REGION_NEEDS_PHOTO_MESSAGE = 'region needs the photo_code of the photo it is drawn on.';

const fraction = z.number().min(0).max(1);
const extent = z.number().gt(0).max(1);

/** A box on a photo, in fractions (0–1) of its width and height; every side inside the photo. */
export const DamageRegionSchema = z
  .strictObject({ x: fraction, y: fraction, width: extent, height: extent })
  .refine((box) => box.x + box.width <= 1 + REGION_EPSILON && box.y + box.height <= 1 + REGION_EPSILON)
  .meta({ id: 'DamageRegion', description: 'A box on the photo in fractions of its width and height; x + width <= 1, y + height <= 1.' });
export type DamageRegion = z.output<typeof DamageRegionSchema>;

/** A catalog code from outside: non-blank, at most 100 characters, normalised ("Rear Bumper" → rear_bumper), then looked up. */
function codeField<T extends string>(name: string, known: readonly T[], isKnown: (code: unknown) => code is T) {
  const nonEmpty = 'must be a non-empty string.';
  return z
    .string({ error: nonEmpty })
    .refine((value) => value.trim() !== '', { error: nonEmpty, abort: true })
    .max(MAX_TEXT, { error: `must be at most ${MAX_TEXT} characters.` })
    .transform((value, ctx): T => {
      const code = normaliseCode(value);
      if (isKnown(code)) return code;
      ctx.addIssue({ code: 'custom', message: `Unknown ${name} ${quoteInput(value.trim())}. Use one of ${known.join(', ')}.`, params: STANDALONE });
      return z.NEVER;
    });
}

const itemField = codeField<VehicleItem>('item', VEHICLE_ITEMS, isVehicleItem).meta({
  description: 'A vehicle item (see VehicleItem); case, spaces and dashes are normalised, e.g. "Rear Bumper" → rear_bumper.',
});
const damageTypeField = codeField<DamageType>('damage_type', DAMAGE_TYPES, isDamageType);
// Read only when damage_type is absent (see withTypeAlias), so it is never checked on its own.
const legacyDamageField = damageTypeField.optional().meta({ description: "The first release's name for damage_type.", deprecated: true });
/** Null means none; trimmed. */
const noteField = z
  .string({ error: 'must be a string.' })
  .max(DAMAGE_NOTE_MAX, { error: `must be at most ${DAMAGE_NOTE_MAX} characters.` })
  .transform((note) => note.trim())
  .nullable();

/** The body that records a damage (POST /v1/sessions/:key/damages, GraphQL addDamage). */
export const DamageInputSchema = z
  .object({
    item: itemField,
    damage_type: damageTypeField.optional().meta({ description: 'A DamageType, normalised like item. Required unless `damage` is given.' }),
    damage: legacyDamageField,
    grade: GradeSchema.nullish().meta({ description: "Severity: 1 minor … 5 severe. Default: the type's default_grade." }),
    photo_code: PhotoCodeSchema.nullish().meta({ description: "A photo of the session's theme." }),
    region: DamageRegionSchema.nullish().meta({ description: 'Needs photo_code.' }),
    note: noteField.optional(),
  })
  .meta({ id: 'DamageInput' });

/** A change to a damage record (PATCH /v1/sessions/:key/damages/:id, GraphQL updateDamage); absent fields stay. */
export const DamageChangeSchema = z
  .object({
    // Checked in this order, the first problem answered.
    item: itemField,
    damage_type: damageTypeField,
    damage: legacyDamageField,
    grade: GradeSchema,
    region: DamageRegionSchema.nullable(),
    note: noteField,
    status: z.enum(['accepted', 'declined'], { error: 'must be accepted or declined.' }),
  })
  .partial()
  .meta({ id: 'DamageChange', description: 'At least one field.', override: { minProperties: 1 } });

/** A damage record as the API answers it (docs/staff.md). */
export const DamageSchema = z
  .object({
    damage_id: z
      .string()
      .nullable()
      .meta({ description: 'Every record has one (those stored before damage ids existed were given theirs); nullable for clients written before.' }),
    item: VehicleItemSchema,
    damage_type: z.string(),
    damage: z.string().meta({ description: 'Same as damage_type, for integrators of the first release.' }),
    grade: GradeSchema,
    photo_code: PhotoCodeSchema.nullable(),
    region: DamageRegionSchema.nullable(),
    source: z.enum(DAMAGE_SOURCES),
    status: z.enum(DAMAGE_RECORD_STATUSES),
    score: z.number().min(0).max(1).nullable(),
    note: z.string(),
    created_by: z.string().nullable().meta({ description: "A user's username, `api`, or the detector's name." }),
    created_at: UtcTimestampSchema,
  })
  .meta({ id: 'Damage' });
export type DamageView = z.output<typeof DamageSchema>;

export const DamageListSchema = z.array(DamageSchema).meta({ id: 'DamageList' });

/** The answer of removing a damage record. */
export const DamageRemovedSchema = z.object({ message: z.string() });
export type DamageRemoved = z.output<typeof DamageRemovedSchema>;

/** A damage record, checked and normalised. */
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
  status?: Exclude<DamageRecordStatus, 'proposed'>;
}

type Parsed<T> = ParseResult<T>;

export function gradeName(grade: Grade): GradeName {
  return GRADE_NAMES[grade];
}

/** The message of the first issue, in body order; region and photo_code problems answer their fixed sentence. */
function damageIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const fixed = typeof field === 'string' ? FIELD_MESSAGES[field] : undefined;
  return fixed ?? firstIssueMessage(issue ? new z.ZodError([issue]) : error);
}

/**
 * `damage` is the first release's name for damage_type, read only when damage_type is null or absent. `missing`
 * stands in when neither is given: null makes a required damage_type fail in its place in body order.
 */
function withTypeAlias(body: unknown, missing: null | undefined): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { damage, ...rest } = body as Record<string, unknown>;
  const aliased = rest.damage_type ?? damage;
  const damageType = aliased === undefined ? missing : aliased;
  if (damageType === undefined) delete rest.damage_type;
  else rest.damage_type = damageType;
  return rest;
}

/** A box in fractions of the photo: every side inside it, width and height above zero. Null means "no box". */
export function parseRegion(value: unknown): Parsed<DamageRegion | null> {
  if (value === null || value === undefined) return { ok: true, value: null };
  const parsed = DamageRegionSchema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: REGION_MESSAGE };
}

/**
 * A damage body from outside (REST, GraphQL), checked and normalised. The grade defaults to the type's default
 * grade; a region needs the photo it is drawn on.
 */
export function parseDamageBody(body: unknown): Parsed<Damage> {
  const parsed = DamageInputSchema.safeParse(withTypeAlias(body, null));
  if (!parsed.success) return { ok: false, message: damageIssueMessage(parsed.error) };
  const { item, damage_type: damageType, grade, photo_code: photoCode = null, region = null, note } = parsed.data;
  // withTypeAlias turned a missing damage_type into null, which the schema refuses.
  if (damageType === undefined) return { ok: false, message: 'damage_type must be a non-empty string.' };
  if (region !== null && photoCode === null) return { ok: false, message: REGION_NEEDS_PHOTO_MESSAGE };
  return {
    ok: true,
    value: { item, damageType, grade: grade ?? defaultGrade(damageType), photoCode, region, note: note ?? '' },
  };
}

/** A change body: only the fields present are checked and returned; at least one is needed. */
export function parseDamageChangesBody(body: unknown): Parsed<DamageChanges> {
  const parsed = DamageChangeSchema.safeParse(withTypeAlias(body, undefined));
  if (!parsed.success) return { ok: false, message: damageIssueMessage(parsed.error) };
  const { item, damage_type: damageType, grade, region, note, status } = parsed.data;
  const changes: DamageChanges = {};
  if (item !== undefined) changes.item = item;
  if (damageType !== undefined) changes.damageType = damageType;
  if (grade !== undefined) changes.grade = grade;
  if (region !== undefined) changes.region = region;
  if (note !== undefined) changes.note = note ?? '';
  if (status !== undefined) changes.status = status;
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
