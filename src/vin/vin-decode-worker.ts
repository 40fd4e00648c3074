// Runs in the VIN decoder's thread (vin-decoder.ts): opens the vPIC database once, then decodes one VIN per task, so
// SQLite's synchronous queries never hold up the service's event loop.
import type { DecodedVehicle } from '../domain/vehicle-decode.js';
import { openVpicDecoder, type VpicDecoder } from './vpic-decoder.js';

let decoder: Promise<VpicDecoder> | null = null;

export default async function decodeVinJob(vin: string): Promise<DecodedVehicle> {
  decoder ??= openVpicDecoder();
  return (await decoder).decode(vin);
}
