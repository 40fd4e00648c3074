// VIN decoding in GraphQL (docs/capture.md): `decodeVin`, over the same use case as GET /v1/vin/:vin.
import { DecodedVehicleSchema, type DecodedVehicle } from '../../domain/vehicle-decode.js';
import { descriptionOf } from './descriptions.js';
import { builder } from './builder.js';
import { requireAccount } from './context.js';

const DecodedVehicleType = builder.objectRef<DecodedVehicle>('DecodedVehicle').implement({
  description: "What a VIN's manufacturer codes say about the vehicle (NHTSA vPIC data, offline); null where the data says nothing.",
  fields: (t) => ({
    vin: t.exposeString('vin', { description: 'The VIN the record describes.' }),
    valid: t.exposeBoolean('valid', { description: descriptionOf(DecodedVehicleSchema.shape.valid) }),
    year: t.exposeInt('year', { nullable: true, description: descriptionOf(DecodedVehicleSchema.shape.year) }),
    make: t.exposeString('make', { nullable: true, description: 'The manufacturer brand, e.g. TOYOTA.' }),
    model: t.exposeString('model', { nullable: true, description: 'The model, e.g. Corolla.' }),
    trim: t.exposeString('trim', { nullable: true, description: 'The trim level, where the codes give one.' }),
    bodyType: t.exposeString('body_type', { nullable: true, description: 'The body class, e.g. Sedan/Saloon.' }),
    drivetrain: t.exposeString('drivetrain', { nullable: true, description: 'Which wheels are driven, e.g. FWD/Front-Wheel Drive.' }),
    engineType: t.exposeString('engine_type', { nullable: true, description: 'The engine as the codes describe it.' }),
    fuelType: t.exposeString('fuel_type', { nullable: true, description: 'The primary fuel, e.g. Gasoline.' }),
  }),
});

builder.queryField('decodeVin', (t) =>
  t.field({
    authScopes: { role: 'viewer' },
    type: DecodedVehicleType,
    description: 'Decodes a VIN: 17 characters, no I, O or Q, and the check digit where it applies; otherwise BAD_REQUEST with the reason.',
    args: { vin: t.arg.string({ required: true, description: 'The 17-character VIN to decode.' }) },
    resolve: async (_root, { vin }, context) => {
      await requireAccount(context);
      return context.services.vehicleDecoding.decode(vin);
    },
  }),
);
