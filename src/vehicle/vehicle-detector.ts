// The vehicle check's detector threads (docs/capture.md#vehicle-check): a small piscina pool whose threads each hold the
// model (loaded once per thread, kept). A photo that takes too long or a thread that fails gives "not checked" (null),
// never a failed upload: the check helps the person, it does not stand between them and their inspection.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Logger } from '../logger.js';
import { workerExecArgv } from '../workers/worker-exec-argv.js';
import type { VehicleCheckJob, VehicleCheckJobResult } from './vehicle-check-worker.js';

export interface VehicleDetector {
  /** The vehicles found on a photo, or null when it could not be checked (unreadable, too slow, a failed thread). */
  detect(bytes: Uint8Array): Promise<VehicleCheckJobResult | null>;
  /** Starts the threads and loads the model now instead of on the first photo. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
  readonly threads: number;
}

export interface VehicleDetectorOptions {
  /** Threads, each with its own copy of the model (about 100 MB). */
  threads: number;
  /** Pixel limit of the photos decoded (the QC limit). */
  maxPixels: number;
  /** A photo still unchecked after this long is given up (its thread is replaced). */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

// The worker module sits beside this one: .ts when run from source (tsx, vitest), .js once compiled.
const WORKER_FILE = new URL(`./vehicle-check-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

export function createVehicleDetector(options: VehicleDetectorOptions): VehicleDetector {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pool = new Piscina<VehicleCheckJob | 'warm-up', VehicleCheckJobResult | null>({
    filename: WORKER_FILE.href,
    minThreads: 0,
    maxThreads: options.threads,
    // Loading the model costs a few seconds of CPU: a thread, once started, is kept.
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: workerExecArgv(WORKER_FILE),
  });
  const problem = (error: unknown) => options.logger?.warn({ problem: error instanceof Error ? error.message : String(error) }, 'vehicle check failed');
  // The model loads before a photo's time starts: the time-out is for a detection, not for a start-up on a busy machine.
  let ready: Promise<void> | null = null;
  const warmUp = () => {
    ready ??= Promise.all(Array.from({ length: options.threads }, () => pool.run('warm-up'))).then(() => undefined);
    return ready;
  };
  return {
    async detect(bytes) {
      try {
        await warmUp();
        return await pool.run({ bytes, maxPixels: options.maxPixels }, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        // A failed load is tried again on a later photo; a thread stopped by the time-out is replaced and loads anew.
        ready = null;
        problem(error);
        return null;
      }
    },
    warmUp,
    close: () => pool.close({ force: true }),
    threads: options.threads,
  };
}
