// Reads the VIN barcode of a VIN photo in one worker thread, one photo at a time (docs/capture.md). A queue that is
// full, a photo that takes too long or a crashed worker give "nothing readable" (null): the person can type the VIN.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createGuardedReader, createReplaceableWorker } from '../workers/guarded-reader.js';
import type { Logger } from '../logger.js';
import type { VinJob, VinJobResult } from './vin-worker.js';

export interface VinReading {
  vin: string | null;
  /** Sweep angle (degrees) and barcode format of the read that gave the VIN. */
  angle: number | null;
  format: string | null;
  /** CPU time the worker spent on the photo, all its threads included. */
  cpuMs: number;
}

export interface VinReader {
  /** The VIN of a photo's barcode, or null when none is readable (or the photo could not be read in time). */
  read(bytes: Uint8Array): Promise<VinReading | null>;
  /** Stops the worker; a later read starts a new one. */
  close(): Promise<void>;
}

export interface VinReaderOptions {
  /** Pixel limit of the photos decoded (the QC limit). */
  maxPixels: number;
  /** A photo still unread after this long is given up and its worker replaced. */
  timeoutMs?: number;
  /** Photos allowed to wait for the worker; more are not read. */
  maxQueued?: number;
  logger?: Pick<Logger, 'warn'>;
}

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './vin-worker.ts' : './vin-worker.js', import.meta.url);

export function createVinReader(options: VinReaderOptions): VinReader {
  const guard = createGuardedReader({
    timeoutMs: options.timeoutMs ?? 10_000,
    maxQueued: options.maxQueued ?? 16,
    failure: 'VIN barcode reading failed',
    logger: options.logger,
  });
  // Started on the first photo; a crashed worker, or one out of time, is replaced: the next photo starts a new one.
  const worker = createReplaceableWorker(
    async () => startWorker(options.maxPixels),
    (running) => running.terminate(),
  );
  let nextId = 1;

  const readNow = async (bytes: Uint8Array): Promise<VinReading> => {
    const current = worker.current();
    let result: VinJobResult;
    try {
      result = await guard.within(askWorker(await current, nextId++, bytes), 'reading the photo');
    } catch (error) {
      void worker.replace(current);
      throw error;
    }
    if (!result.ok) throw new Error(result.error);
    return { vin: result.scan.vin, angle: result.scan.angle, format: result.scan.format, cpuMs: result.cpuMs };
  };

  return {
    read: (bytes) => guard.run(() => readNow(bytes)),
    close: () => worker.replace(),
  };
}

/** Sends one photo to the worker: its answer, or a rejection when the worker fails first. */
function askWorker(worker: Worker, id: number, bytes: Uint8Array): Promise<VinJobResult> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (result: VinJobResult) => {
      if (result.id !== id) return;
      settle();
      resolve(result);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    // A copy is sent: the caller keeps its buffer (it is being stored at the same time).
    const copy = new Uint8Array(bytes);
    worker.postMessage({ id, bytes: copy } satisfies VinJob, [copy.buffer]);
  });
}

function startWorker(maxPixels: number): Worker {
  const options = { workerData: { maxPixels } };
  // Started from TypeScript source (tsx, vitest), the worker registers the same loader before importing its entry.
  const worker = WORKER_URL.pathname.endsWith('.ts')
    ? new Worker(`import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, {
        ...options,
        eval: true,
      })
    : new Worker(WORKER_URL, options);
  // An idle reader never keeps the process alive.
  worker.unref();
  return worker;
}

// The ES module build of tsx's API: its CommonJS build cannot register the loader from a worker.
function tsxApiUrl(): string {
  const commonJsEntry = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(commonJsEntry.replace(/\.cjs$/, '.mjs')).href;
}
