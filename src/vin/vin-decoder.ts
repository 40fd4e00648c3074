// VIN decoding for the faces (docs/capture.md): checks the VIN rules here, then asks one worker thread that holds the
// vPIC database (about 160 MB once loaded, so one thread, started on the first decode and kept). Recent answers are
// remembered, so a session read again does not query the database again.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { badRequest } from '../errors.js';
import { invalidVinDecode, type DecodedVehicle } from '../domain/vehicle-decode.js';
import { checkVin } from '../domain/vin.js';
import { workerExecArgv } from '../workers/worker-exec-argv.js';

export interface VinDecoder {
  /** The decode of a VIN; a VIN that breaks the length, character or check-digit rule → BAD_REQUEST. */
  decode(rawVin: string): Promise<DecodedVehicle>;
  /** The decode of a VIN a session names: one that breaks the rules gives `valid: false` and no details. */
  describe(rawVin: string): Promise<DecodedVehicle>;
  /** Starts the worker and loads the data now instead of on the first decode. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

const WORKER_FILE = new URL(`./vin-decode-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const REMEMBERED = 1000;

export function createVinDecoder(): VinDecoder {
  const pool = new Piscina<string, DecodedVehicle>({
    filename: WORKER_FILE.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: workerExecArgv(WORKER_FILE),
  });
  const remembered = new Map<string, Promise<DecodedVehicle>>();

  const lookUp = (vin: string): Promise<DecodedVehicle> => {
    const known = remembered.get(vin);
    if (known) {
      // Most recently used last: the oldest entry is the one forgotten.
      remembered.delete(vin);
      remembered.set(vin, known);
      return known;
    }
    const answer = pool.run(vin);
    remembered.set(vin, answer);
    answer.catch(() => remembered.delete(vin));
    if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    return answer;
  };

  return {
    decode(rawVin) {
      const check = checkVin(rawVin);
      if (!check.valid) return Promise.reject(badRequest(check.problem ?? 'This is not a valid VIN.'));
      return lookUp(check.vin);
    },
    describe(rawVin) {
      const check = checkVin(rawVin);
      return check.valid ? lookUp(check.vin) : Promise.resolve(invalidVinDecode(check.vin));
    },
    async warmUp() {
      // A real VIN (a 2003 Honda Accord): the first decode opens the database.
      await lookUp('1HGCM82633A004352');
    },
    close: () => pool.close({ force: true }),
  };
}
