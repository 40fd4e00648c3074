// Real VINs with what NHTSA's vPIC data says about them, shared by the tests of the decode and of what carries it.
import type { DecodedVehicle } from '../../src/domain/vehicle-decode.js';

/** 1HGCM82633A004352: a 2003 Honda Accord EX-V6 coupe. */
export const ACCORD_DECODE: DecodedVehicle = {
  vin: '1HGCM82633A004352',
  valid: true,
  year: 2003,
  make: 'Honda',
  model: 'Accord',
  trim: 'EX-V6',
  body_type: 'Coupe',
  drivetrain: null,
  engine_type: 'V6',
  fuel_type: 'Gasoline',
};
