// The rules that set a VIN decode beside the integrator's vehicle (docs/capture.md): which empty fields it fills and
// when the given year, make and model agree with it.
import { describe, expect, it } from 'vitest';
import { ACCORD_DECODE } from '../support/vin-decodes.js';
import { decodedVehicleFields, detailsMatch, fillFromDecode, invalidVinDecode, type DecodedVehicle } from '../../src/domain/vehicle-decode.js';

const ACCORD = ACCORD_DECODE;
const MERCEDES: DecodedVehicle = { ...ACCORD, vin: 'WDDGF8AB0DR000001', year: 2013, make: 'Mercedes-Benz', model: 'C-Class', trim: null };

describe('fillFromDecode', () => {
  it('fills only the empty year, make, model, trim and body type', () => {
    expect(fillFromDecode({ vin: ACCORD.vin, make: 'Toyota', year: null, transmission: null }, ACCORD)).toEqual({
      vin: ACCORD.vin,
      make: 'Toyota',
      year: 2003,
      model: 'Accord',
      trim: 'EX-V6',
      bodyType: 'Coupe',
      transmission: null,
    });
  });

  it('takes nothing from an invalid VIN or a field the data does not know', () => {
    expect(fillFromDecode({ make: null }, invalidVinDecode('ABC'))).toEqual({ make: null });
    expect(fillFromDecode({ trim: null }, MERCEDES)).toMatchObject({ trim: null });
  });
});

describe('detailsMatch', () => {
  it('is false when a given year, make or model contradicts the decode', () => {
    expect(detailsMatch({ make: 'Toyota' }, ACCORD)).toBe(false);
    expect(detailsMatch({ make: 'Honda', year: 2004 }, ACCORD)).toBe(false);
    expect(detailsMatch({ make: 'Honda', model: 'Civic' }, ACCORD)).toBe(false);
  });

  it('is true when every given one agrees, ignoring case, spacing, punctuation and abbreviations', () => {
    expect(detailsMatch({ year: 2003, make: 'HONDA', model: 'accord' }, ACCORD)).toBe(true);
    expect(detailsMatch({ make: 'Mercedes', model: 'C Class' }, MERCEDES)).toBe(true);
    expect(detailsMatch({ make: 'mercedes benz', model: 'C-Class C300' }, MERCEDES)).toBe(true);
  });

  it('is null when nothing can be compared', () => {
    expect(detailsMatch({ trim: 'LX' }, ACCORD)).toBeNull();
    expect(detailsMatch({ make: 'Honda' }, null)).toBeNull();
    expect(detailsMatch({ make: 'Honda' }, invalidVinDecode('1HGCM82643A004352'))).toBeNull();
    expect(detailsMatch(null, ACCORD)).toBeNull();
  });
});

describe('decodedVehicleFields', () => {
  it('compares what was given, before filling', () => {
    const { vehicle, fields } = decodedVehicleFields({ make: 'Honda' }, ACCORD);
    expect(vehicle).toMatchObject({ make: 'Honda', model: 'Accord', year: 2003 });
    expect(fields).toEqual({ decoded: ACCORD, details_match: true });
  });

  it('fills a session created without a vehicle from the decode of its captured VIN', () => {
    expect(decodedVehicleFields(null, ACCORD).vehicle).toMatchObject({ make: 'Honda' });
    expect(decodedVehicleFields(null, null)).toEqual({ vehicle: null, fields: { decoded: null, details_match: null } });
  });
});
