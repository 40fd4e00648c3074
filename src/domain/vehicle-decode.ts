// What a VIN says about the vehicle (docs/capture.md): the decoded record's shape, the vehicle fields it fills when the
// integrator left them empty, and whether the integrator's year, make and model agree with it. Pure rules; the
// decoding itself (NHTSA vPIC data) lives in src/vin.
import { z } from 'zod';
import type { Vehicle } from './vehicle.js';

export const DecodedVehicleSchema = z
  .object({
    vin: z.string(),
    valid: z.boolean().meta({ description: 'Whether the VIN passed the length, character and check-digit rules.' }),
    year: z.int().nullable().meta({ description: 'Model year.' }),
    make: z.string().nullable(),
    model: z.string().nullable(),
    trim: z.string().nullable(),
    body_type: z.string().nullable(),
    drivetrain: z.string().nullable(),
    engine_type: z.string().nullable(),
    fuel_type: z.string().nullable(),
  })
  .meta({ id: 'DecodedVehicle', description: "What the VIN's manufacturer codes say (NHTSA vPIC data, offline); null where the data says nothing." });
export type DecodedVehicle = z.output<typeof DecodedVehicleSchema>;

/** The decode of a VIN that breaks the VIN rules: nothing is claimed about such a vehicle. */
export function invalidVinDecode(vin: string): DecodedVehicle {
  return { vin, valid: false, year: null, make: null, model: null, trim: null, body_type: null, drivetrain: null, engine_type: null, fuel_type: null };
}

type FillableField = 'year' | 'make' | 'model' | 'trim' | 'bodyType';

/** The integrator's vehicle with its empty year, make, model, trim and body type taken from the decode. */
export function fillFromDecode<T extends Partial<Vehicle>>(vehicle: T, decoded: DecodedVehicle | null): T {
  if (!decoded?.valid) return vehicle;
  const filled: Partial<Record<FillableField, unknown>> = {};
  const fill = (field: FillableField, value: string | number | null) => {
    if ((vehicle[field] === null || vehicle[field] === undefined) && value !== null) filled[field] = value;
  };
  fill('year', decoded.year);
  fill('make', decoded.make);
  fill('model', decoded.model);
  fill('trim', decoded.trim);
  fill('bodyType', decoded.body_type);
  return { ...vehicle, ...filled };
}

/**
 * Whether the year, make and model the integrator gave agree with the decode: false when any given one contradicts
 * it, true when every one that can be compared agrees, null when none can be compared (nothing given, or the decode
 * does not know). Names are compared without case, spaces or punctuation, and one may abbreviate the other
 * ("Mercedes" and "Mercedes-Benz", "F150" and "F-150 SuperCrew").
 */
export function detailsMatch(given: Partial<Vehicle> | null, decoded: DecodedVehicle | null): boolean | null {
  if (!given || !decoded?.valid) return null;
  const comparisons: boolean[] = [];
  if (given.year != null && decoded.year !== null) comparisons.push(given.year === decoded.year);
  if (given.make && decoded.make) comparisons.push(namesAgree(given.make, decoded.make));
  if (given.model && decoded.model) comparisons.push(namesAgree(given.model, decoded.model));
  if (comparisons.length === 0) return null;
  return comparisons.every(Boolean);
}

const MAKE_ALIASES: Record<string, string> = { CHEVY: 'CHEVROLET', VW: 'VOLKSWAGEN', MERCEDES: 'MERCEDESBENZ', BENZ: 'MERCEDESBENZ' };

function namesAgree(given: string, decoded: string): boolean {
  const a = canonicalName(given);
  const b = canonicalName(decoded);
  if (a === '' || b === '') return true;
  return a.startsWith(b) || b.startsWith(a);
}

function canonicalName(name: string): string {
  const compact = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return MAKE_ALIASES[compact] ?? compact;
}

/** What the session representation and the results add to the vehicle object. */
export const VehicleDecodeFieldsSchema = z.object({
  decoded: DecodedVehicleSchema.nullable().meta({
    description:
      'The decode of vin_captured, else of the given vin; null when there is no VIN. Empty year, make, model, trim and body_type are filled from it.',
  }),
  details_match: z.boolean().nullable().meta({
    description: 'false when the given year, make or model contradicts the decode, true when every given one agrees, null when nothing can be compared.',
  }),
});
export type VehicleDecodeFields = z.output<typeof VehicleDecodeFieldsSchema>;

/** The given vehicle filled from the decode, with the decode and the comparison of what was given. */
export function decodedVehicleFields<T extends Partial<Vehicle>>(
  given: T | null,
  decoded: DecodedVehicle | null,
): { vehicle: T | null; fields: VehicleDecodeFields } {
  return {
    vehicle: given === null ? (decoded?.valid ? fillFromDecode({} as T, decoded) : null) : fillFromDecode(given, decoded),
    fields: { decoded, details_match: detailsMatch(given, decoded) },
  };
}
