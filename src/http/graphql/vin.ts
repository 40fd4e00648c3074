// VIN decoding in GraphQL (docs/capture.md): `decodeVin`, over the same use case as GET /v1/vin/:vin.
import type { DecodedVehicle } from '../../domain/vehicle-decode.js';
import { builder } from './builder.js';
import { requireAccount } from './context.js';

const DecodedVehicleType = builder.objectRef<DecodedVehicle>('DecodedVehicle').implement({
  description: "What a VIN's manufacturer codes say about the vehicle (NHTSA vPIC data, offline); null where the data says nothing.",
  fields: (t) => ({
    vin: t.exposeString('vin'),
    valid: t.exposeBoolean('valid'),
    year: t.exposeInt('year', { nullable: true, description: 'Model year.' }),
    make: t.exposeString('make', { nullable: true }),
    model: t.exposeString('model', { nullable: true }),
    trim: t.exposeString('trim', { nullable: true }),
    bodyType: t.exposeString('body_type', { nullable: true }),
    drivetrain: t.exposeString('drivetrain', { nullable: true }),
    engineType: t.exposeString('engine_type', { nullable: true }),
    fuelType: t.exposeString('fuel_type', { nullable: true }),
  }),
});

builder.queryField('decodeVin', (t) =>
  t.field({
    authScopes: { role: 'viewer' },
    type: DecodedVehicleType,
    description: 'Decodes a VIN: 17 characters, no I, O or Q, and the check digit where it applies; otherwise BAD_REQUEST with the reason.',
    args: { vin: t.arg.string({ required: true }) },
    resolve: async (_root, { vin }, context) => {
      await requireAccount(context);
      return context.services.vehicleDecoding.decode(vin);
    },
  }),
);
