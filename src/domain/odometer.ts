// The odometer (docs/capture.md#odometer-reading): which number of an instrument cluster's OCR text is the mileage, the
// reading a person confirms or types, and whether it agrees with the integrator's. Pure rules; the OCR itself lives in
// src/odometer.
import { z } from 'zod';
import type { OdometerUnit } from './vehicle.js';

/** The photo of the instrument cluster, whose odometer is read (photo code 3, Cluster). */
export const CLUSTER_PHOTO_CODE = 3;

/** The largest reading accepted: seven digits, the most an odometer shows. */
export const MAX_ODOMETER_READING = 9_999_999;

export const ODOMETER_UNITS = ['km', 'mi'] as const satisfies readonly OdometerUnit[];

/** Kilometres in a mile. */
const KM_PER_MILE = 1.609344;

/** One word the OCR found: its text, its line, how tall it is (pixels) and how sure the OCR was (0–100). */
export interface OcrWord {
  text: string;
  line: number;
  height: number;
  confidence: number;
}

/** Below this confidence a word is not trusted as a number. */
const MIN_CONFIDENCE = 80;
/** Digit groups this short are dial numbers (0…240, 1…8) unless a distance unit stands right beside them. */
const MIN_DIGITS_ALONE = 4;

const UNIT_WORD = /^(km|mi|miles?|odo)$/i;
/** Words that make the number beside them something other than the total: trip counters, ranges, speeds, engine speed. */
const OTHER_COUNTER = /^(trip|trp|range|rng|avg|km\/h|kmh|mph|rpm|x1000|l\/100km|mpg)$/i;
const TEMPERATURE_WORD = /^°?[cf]$|^°/i;
/** The whole number, plain or grouped by thousands with a comma, a dot, a space or an apostrophe (48,213 or 48.213). */
const PLAIN = /^\d{1,7}$/;
const GROUPED = /^\d{1,3}(?:[,.'’]\d{3}){1,2}$/;

/**
 * The mileage among a cluster's OCR words, or null when none is plausible. A candidate is a whole number of at most
 * seven digits, plain or grouped by thousands; a time (12:45), a temperature (21°C), a number with decimals (a trip,
 * 312.4) and the number after TRIP, RANGE or before km/h are never it. Of the candidates, one beside a distance unit or
 * the word ODO wins; then the tallest (the odometer is the display's big number); then the one with more digits. Numbers
 * of fewer than four digits count only beside a unit: dials are ringed with short numbers.
 */
export function pickOdometerReading(words: readonly OcrWord[]): number | null {
  const candidates: { value: number; digits: number; height: number; besideUnit: boolean }[] = [];
  words.forEach((word, index) => {
    const text = word.text.trim().replace(/^[([{]+|[)\]},;]+$/g, '');
    if (word.confidence < MIN_CONFIDENCE) return;
    const value = wholeNumber(text);
    if (value === null) return;
    const before = [words[index - 1], words[index - 2]].filter((other) => other?.line === word.line).map((other) => other!.text.trim());
    const after = words[index + 1]?.line === word.line ? words[index + 1]!.text.trim() : '';
    if (before.some((other) => OTHER_COUNTER.test(other)) || OTHER_COUNTER.test(after) || TEMPERATURE_WORD.test(after)) return;
    const besideUnit = UNIT_WORD.test(after) || UNIT_WORD.test(before[0] ?? '');
    const digits = text.replace(/\D/g, '').length;
    if (!besideUnit && digits < MIN_DIGITS_ALONE) return;
    candidates.push({ value, digits, height: word.height, besideUnit });
  });
  candidates.sort((a, b) => Number(b.besideUnit) - Number(a.besideUnit) || b.height - a.height || b.digits - a.digits);
  return candidates[0]?.value ?? null;
}

/** The whole number a word spells, or null for times, decimals, temperatures and anything else. */
function wholeNumber(text: string): number | null {
  if (!PLAIN.test(text) && !GROUPED.test(text)) return null;
  const value = Number(text.replace(/\D/g, ''));
  return value <= MAX_ODOMETER_READING ? value : null;
}

/** A reading as the person confirms or types it: a whole number 0–9,999,999. */
export const OdometerReadingSchema = z
  .int('The odometer reading must be a whole number.')
  .min(0, 'The odometer reading cannot be negative.')
  .max(MAX_ODOMETER_READING, `The odometer reading can be at most ${MAX_ODOMETER_READING.toLocaleString('en-US')}.`);

export const OdometerSourceSchema = z.enum(['photo', 'typed']);
export type OdometerSource = z.output<typeof OdometerSourceSchema>;

/** The odometer the inspection captured, as the results and the session representation show it. */
export const CapturedOdometerSchema = z
  .object({
    reading: z.int().min(0).max(MAX_ODOMETER_READING),
    unit: z.enum(ODOMETER_UNITS),
    source: OdometerSourceSchema.meta({ description: 'photo: the person confirmed the reading of the cluster photo; typed: they typed another.' }),
  })
  .meta({ id: 'CapturedOdometer', description: 'The odometer the person confirmed or typed on the capture page.' });
export type CapturedOdometer = z.output<typeof CapturedOdometerSchema>;

/** "photo" when the person confirmed exactly what the cluster photo was read as, "typed" otherwise. */
export function odometerSource(reading: number, suggested: number | null): OdometerSource {
  return suggested !== null && reading === suggested ? 'photo' : 'typed';
}

/** Largest share of the given reading a captured one may differ by… */
const MATCH_SHARE = 0.05;
/** …or, when that allows less, this many units. */
const MATCH_UNITS = 1_000;

/**
 * Whether the captured odometer agrees with the integrator's: null when either reading is missing; otherwise false
 * only when they differ by more than 5 % of the given reading and by more than 1,000 units (whichever allows more),
 * so a car driven a little since it was listed still matches. Both are compared in the given unit (a captured reading
 * in the other unit is converted, 1 mi = 1.609344 km); a given reading without a unit is taken to be in the captured one.
 */
export function odometerMatch(
  given: { reading: number | null | undefined; unit: OdometerUnit | null | undefined },
  captured: { reading: number; unit: OdometerUnit } | null,
): boolean | null {
  if (captured === null || given.reading === null || given.reading === undefined) return null;
  const unit = given.unit ?? captured.unit;
  const capturedInGivenUnit = convertOdometer(captured.reading, captured.unit, unit);
  const allowed = Math.max(Math.abs(given.reading) * MATCH_SHARE, MATCH_UNITS);
  return Math.abs(capturedInGivenUnit - given.reading) <= allowed;
}

export function convertOdometer(reading: number, from: OdometerUnit, to: OdometerUnit): number {
  if (from === to) return reading;
  return from === 'mi' ? reading * KM_PER_MILE : reading / KM_PER_MILE;
}

/** What the session representation and the results add to the vehicle object. */
export const VehicleOdometerFieldsSchema = z.object({
  odom_captured: CapturedOdometerSchema.nullable().meta({
    description:
      'The odometer the person confirmed (source photo: as read from the cluster photo) or typed (source typed) on the capture page; null when neither.',
  }),
  odom_match: z.boolean().nullable().meta({
    description:
      'false when odom_captured differs from odom_reading by more than 5 % and by more than 1,000 units (compared in odom_unit, miles converted); null when either is missing.',
  }),
});
export type VehicleOdometerFields = z.output<typeof VehicleOdometerFieldsSchema>;

/** The two fields for a vehicle given with `odomReading`/`odomUnit` and the odometer captured (as stored, with more fields). */
export function vehicleOdometerFields(
  given: { odomReading?: number | null; odomUnit?: OdometerUnit | null } | null,
  captured: CapturedOdometer | null,
): VehicleOdometerFields {
  const shown = captured === null ? null : { reading: captured.reading, unit: captured.unit, source: captured.source };
  return { odom_captured: shown, odom_match: odometerMatch({ reading: given?.odomReading, unit: given?.odomUnit }, shown) };
}

/** The reading suggested by the session's kept cluster photo (the capture its slot names); null when none was read. */
export function clusterSuggestion(
  session: { photos: Readonly<Record<string, { captureId: string; approved: boolean } | undefined>> },
  captures: readonly { id: string; odometerSuggested: number | null }[],
): number | null {
  const slot = session.photos[String(CLUSTER_PHOTO_CODE)];
  if (!slot?.approved) return null;
  return captures.find((capture) => capture.id === slot.captureId)?.odometerSuggested ?? null;
}
