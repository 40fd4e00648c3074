// The vehicle being inspected: its fields, how the API body spells and checks them, and the API object
// (always all 11 keys, null when unknown) used by the session representation and the results.
import { z } from 'zod';
import { textField } from './validation.js';

export type OdometerUnit = 'km' | 'mi';

export interface Vehicle {
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  bodyType: string | null;
  trim: string | null;
  transmission: string | null;
  extCol: string | null;
  intCol: string | null;
  odomReading: number | null;
  odomUnit: OdometerUnit | null;
}

/** The vehicle as the API spells it, in the API's key order: always all 11 keys, null when unknown. */
export const VehicleSchema = z
  .object({
    vin: z.string().nullable(),
    year: z.int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    body_type: z.string().nullable(),
    trim: z.string().nullable(),
    transmission: z.string().nullable(),
    ext_col: z.string().nullable(),
    int_col: z.string().nullable(),
    odom_reading: z.number().nullable(),
    odom_unit: z.enum(['km', 'mi']).nullable(),
  })
  .meta({ id: 'Vehicle', description: 'Always all 11 keys; null when unknown.' });
export type VehicleApiObject = z.output<typeof VehicleSchema>;

const API_NAMES = {
  vin: 'vin',
  year: 'year',
  make: 'make',
  model: 'model',
  body_type: 'bodyType',
  trim: 'trim',
  transmission: 'transmission',
  ext_col: 'extCol',
  int_col: 'intCol',
  odom_reading: 'odomReading',
  odom_unit: 'odomUnit',
} as const satisfies Record<keyof VehicleApiObject, keyof Vehicle>;

export const VEHICLE_API_FIELDS = Object.keys(API_NAMES) as (keyof VehicleApiObject)[];

/** The first car (Benz Patent-Motorwagen). */
export const FIRST_VEHICLE_YEAR = 1886;
const MAX_TEXT = 100;
// Post-1981 VINs are 17 characters without I, O, Q (mistakable for 1 and 0); older chassis numbers are shorter.
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{1,17}$/;

export function emptyVehicle(): Vehicle {
  return {
    vin: null,
    year: null,
    make: null,
    model: null,
    bodyType: null,
    trim: null,
    transmission: null,
    extCol: null,
    intCol: null,
    odomReading: null,
    odomUnit: null,
  };
}

/** All 11 API keys, null for anything unknown. */
export function vehicleApiObject(vehicle: Partial<Vehicle> | null): VehicleApiObject {
  const known = { ...emptyVehicle(), ...vehicle };
  return Object.fromEntries(VEHICLE_API_FIELDS.map((apiName) => [apiName, known[API_NAMES[apiName]] ?? null])) as unknown as VehicleApiObject;
}

/** Latest model year accepted: next year's models are on sale before the year starts. */
export function maxVehicleYear(now: Date): number {
  return now.getUTCFullYear() + 1;
}

// Field messages are predicates; the caller prefixes them with the field's path ("vehicle.year must be …").
// Every field accepts null, and text fields treat a blank string as null: both mean "unknown".

/**
 * The `vehicle` group of a create or update body: every key optional, unknown keys refused. The output has
 * only the keys that were sent, renamed to `Vehicle`'s names; `now` bounds the year.
 */
export function vehicleBodySchema(now: Date) {
  const maxYear = maxVehicleYear(now);
  const yearMessage = `must be an integer between ${FIRST_VEHICLE_YEAR} and ${maxYear}.`;
  const shape = {
    vin: z
      .string({ error: 'must be a string.' })
      .trim()
      .toUpperCase()
      .refine((vin) => vin === '' || VIN_PATTERN.test(vin), {
        error: 'must be at most 17 letters and digits, without I, O or Q.',
      })
      .transform((vin) => (vin === '' ? null : vin))
      .nullable()
      .meta({ override: { maxLength: 17 }, description: 'Up to 17 letters and digits without I, O, Q; upper-cased; blank means null.' }),
    year: z
      .number({ error: yearMessage })
      .int({ error: yearMessage })
      .min(FIRST_VEHICLE_YEAR, { error: yearMessage })
      .max(maxYear, { error: yearMessage })
      .nullable()
      .meta({ description: 'Model year; at most next calendar year.' }),
    make: describedTextField(MAX_TEXT, 'The manufacturer, e.g. Toyota.'),
    model: describedTextField(MAX_TEXT, 'The model, e.g. Corolla.'),
    body_type: describedTextField(MAX_TEXT, 'The body type, e.g. Sedan.'),
    trim: describedTextField(MAX_TEXT, 'The trim level.'),
    transmission: describedTextField(MAX_TEXT, 'The transmission, e.g. Automatic.'),
    ext_col: describedTextField(MAX_TEXT, 'Exterior colour.'),
    int_col: describedTextField(MAX_TEXT, 'Interior colour.'),
    odom_reading: z
      .number({ error: 'must be a number of at least 0.' })
      .min(0, { error: 'must be a number of at least 0.' })
      .nullable()
      .meta({ description: 'Odometer reading, at least 0, in the given unit.' }),
    // KILOMETRES and MILES are the reference product's spellings, accepted so its integrations work unchanged.
    odom_unit: z
      .enum(['km', 'mi', 'KILOMETRES', 'MILES'], { error: 'must be km or mi.' })
      .transform((unit): OdometerUnit => (unit === 'KILOMETRES' ? 'km' : unit === 'MILES' ? 'mi' : unit))
      .nullable()
      .meta({ description: 'km or mi; KILOMETRES and MILES are accepted as the same units.' }),
  };
  return z
    .strictObject(shape, { error: 'must be a JSON object.' })
    .partial()
    .transform((body) => {
      const vehicle: Partial<Vehicle> = {};
      for (const apiName of VEHICLE_API_FIELDS) {
        if (body[apiName] !== undefined) Object.assign(vehicle, { [API_NAMES[apiName]]: body[apiName] });
      }
      return vehicle;
    })
    .meta({ id: 'VehicleInput', description: 'The vehicle: every key optional, null or blank for unknown; unknown keys are refused with 400.' });
}

/** `textField` with the rule spelled out for the API document. */
/** A text field whose description says what it holds (`what`, a sentence) and its rule. */
export function describedTextField(max: number, what = '') {
  return textField(max).meta({ description: `${what ? `${what} ` : ''}At most ${max} characters; blank means null.` });
}
