// Bounded concurrency for photo analysis: a burst of large uploads queues here instead of decoding all at once,
// which keeps peak memory (and libvips thread contention) proportional to the limit, not to the burst. The slots are
// shared fairly between accounts (fair-turns.ts), and everything a photo costs — quality control, the vehicle check,
// the VIN reading, the odometer reading, its thumbnails — runs in its one turn, so a flood from one account delays another account's
// verdict by at most one photo per worker (docs/limits.md#photo-analysis).
import { availableParallelism } from 'node:os';
import { analyzePhoto } from './analyze.js';
import type { AnalyzeOptions, QcVerdict } from './analyze.js';
import { FairTurns } from './fair-turns.js';
import { resolveQcThresholds, type QcThresholds } from './thresholds.js';
import { renderThumbnails } from './thumbnails.js';
import { withVehicleCheck, type VehicleStep } from './vehicle-step.js';
import { suggestedOdometer, type OdometerStep } from './odometer-step.js';
import type { ThumbnailSize } from '../domain/photo-variants.js';

export interface ConcurrencyLimiter {
  /** Runs `task` once fewer than `limit` tasks are running; tasks start in submission order. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks currently running. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly queued: number;
}

export function createConcurrencyLimiter(limit: number): ConcurrencyLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // Hand the slot straight to the next task so `active` never dips and a newcomer cannot jump the queue.
    if (next) next();
    else active -= 1;
  };

  const acquire = (): Promise<void> => {
    if (active < limit) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

export interface FairLimiter {
  /** Runs `task` in one of `limit` slots, taking turns between owners as fair-turns.ts says. */
  run<T>(owner: string, task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

export function createFairLimiter(limit: number): FairLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  const turns = new FairTurns<() => void>();
  const startWaiting = () => {
    while (turns.active < limit) {
      const next = turns.next();
      if (!next) return;
      next.item();
    }
  };
  return {
    run<T>(owner: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        turns.enqueue(owner, () => {
          // The slot is counted at once; the task itself starts on the next microtask, never inside `run`.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              turns.finish(owner);
              startWaiting();
            });
        });
        startWaiting();
      });
    },
    get active() {
      return turns.active;
    },
    get queued() {
      return turns.queued;
    },
  };
}

/** Reads the VIN barcode of a VIN photo (src/vin/vin-reader.ts); null when none is readable. */
export interface VinStep {
  read(bytes: Uint8Array): Promise<{ vin: string | null } | null>;
}

export interface PhotoCheckOptions extends AnalyzeOptions {
  /** Whose turn the photo takes: the account's API key. */
  account: string;
  /** Read the VIN barcode once the photo is accepted (the VIN view). */
  readVin?: boolean;
  /** The thumbnails to render of a photo QC could read, given its verdict. */
  thumbnailsFor: (verdict: QcVerdict) => readonly ThumbnailSize[];
}

/** Everything the analysis of one photo gives. */
export interface PhotoCheck {
  verdict: QcVerdict;
  /** null when the upload is not a decodable image within the pixel limit (nothing of it is worth keeping). */
  thumbnails: Partial<Record<ThumbnailSize, Buffer>> | null;
  /** The VIN of the barcode; null when not asked, not accepted or not readable. */
  vin: string | null;
  /** The mileage read from an accepted cluster photo; null for other views, or when none was read. */
  odometer: number | null;
}

export interface QcRunnerOptions {
  /** Analyses allowed to run at once; defaults to the number of CPUs. */
  concurrency?: number;
  /** Deployment-wide threshold overrides; per-call thresholds override these. */
  thresholds?: Partial<QcThresholds>;
  /** The vehicle check on exterior views, as a step of the analysis in the same slot; none when omitted. */
  vehicleCheck?: VehicleStep;
  /** The VIN reading of the VIN view, in the same slot; none when omitted. */
  vinReader?: VinStep;
  /** The odometer reading of the cluster view, in the same slot; none when omitted (ODOMETER_READING=off). */
  odometerReader?: OdometerStep;
}

export interface QcRunner {
  /** A photo's whole analysis in its account's turn: the verdict, the thumbnails to keep, the VIN and the odometer. */
  check(bytes: Uint8Array, options: PhotoCheckOptions): Promise<PhotoCheck>;
  /** Quality control and the vehicle check alone, in the turn of `options.account` (one shared turn when omitted). */
  analyze(bytes: Uint8Array, options?: AnalyzeOptions & { account?: string }): Promise<QcVerdict>;
  /** Analyses submitted and not yet finished (running plus queued). */
  readonly pending: number;
  /** Analyses running now; never more than the concurrency. */
  readonly active: number;
  readonly concurrency: number;
}

export function createQcRunner(options: QcRunnerOptions = {}): QcRunner {
  const concurrency = options.concurrency ?? availableParallelism();
  const limiter = createFairLimiter(concurrency);
  const { maxPixels } = resolveQcThresholds(options.thresholds);
  const qualityControl = (bytes: Uint8Array, analyzeOptions: AnalyzeOptions) => {
    const thresholds = { ...options.thresholds, ...withoutUndefined(analyzeOptions.thresholds) };
    return analyzePhoto(bytes, { ...analyzeOptions, thresholds });
  };
  const vehicleStep = (verdict: QcVerdict, bytes: Uint8Array, analyzeOptions: AnalyzeOptions) =>
    withVehicleCheck(verdict, bytes, analyzeOptions.photoCode, options.vehicleCheck);
  const analyzeInSlot = async (bytes: Uint8Array, analyzeOptions: AnalyzeOptions) =>
    vehicleStep(await qualityControl(bytes, analyzeOptions), bytes, analyzeOptions);
  const renderKept = (bytes: Uint8Array, verdict: QcVerdict, sizes: readonly ThumbnailSize[]) => {
    if (!verdict.mimeType || verdict.width === null) return Promise.resolve(null);
    return renderThumbnails(bytes, { sizes, maxPixels }).catch(() => null);
  };
  /**
   * The thumbnails of the final verdict, started from the QC verdict's: they render (sharp, libuv's pool) while the
   * vehicle check runs in its thread, instead of after it. The check only ever turns an accepted photo into a rejected
   * one, whose sizes are among the accepted one's; anything missing is rendered then.
   */
  const keptFor = async (
    bytes: Uint8Array,
    early: Promise<Partial<Record<ThumbnailSize, Buffer>> | null>,
    verdict: QcVerdict,
    sizes: readonly ThumbnailSize[],
  ) => {
    const rendered = await early;
    if (rendered === null || sizes.some((size) => rendered[size] === undefined)) return renderKept(bytes, verdict, sizes);
    return Object.fromEntries(sizes.map((size) => [size, rendered[size]])) as Partial<Record<ThumbnailSize, Buffer>>;
  };
  const readVin = async (bytes: Uint8Array, verdict: QcVerdict, wanted: boolean | undefined) => {
    if (!wanted || !verdict.accepted || !options.vinReader) return null;
    return (await options.vinReader.read(bytes))?.vin ?? null;
  };
  return {
    check(bytes, { account, readVin: wantsVin, thumbnailsFor, ...analyzeOptions }) {
      return limiter.run(account, async () => {
        const judged = await qualityControl(bytes, analyzeOptions);
        const early = renderKept(bytes, judged, thumbnailsFor(judged));
        const verdict = await vehicleStep(judged, bytes, analyzeOptions);
        const [thumbnails, vin, odometer] = await Promise.all([
          keptFor(bytes, early, verdict, thumbnailsFor(verdict)),
          readVin(bytes, verdict, wantsVin),
          suggestedOdometer(verdict, bytes, analyzeOptions.photoCode, options.odometerReader),
        ]);
        return { verdict, thumbnails, vin, odometer };
      });
    },
    analyze(bytes, { account = '', ...analyzeOptions } = {}) {
      return limiter.run(account, () => analyzeInSlot(bytes, analyzeOptions));
    },
    get pending() {
      return limiter.active + limiter.queued;
    },
    get active() {
      return limiter.active;
    },
    concurrency,
  };
}

// So `{ minSharpness: undefined }` in a call keeps the runner-level value instead of erasing it.
function withoutUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
