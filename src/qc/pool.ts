// Bounded concurrency for photo QC: a burst of large uploads queues here instead of decoding all at once,
// which keeps peak memory (and libvips thread contention) proportional to the limit, not to the burst.
import { availableParallelism } from 'node:os';
import { analyzePhoto } from './analyze.js';
import type { AnalyzeOptions, QcVerdict } from './analyze.js';
import { resolveQcThresholds, type QcThresholds } from './thresholds.js';
import { renderThumbnails } from './thumbnails.js';
import { withVehicleCheck, type VehicleStep } from './vehicle-step.js';
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

export interface QcRunnerOptions {
  /** Analyses allowed to run at once; defaults to the number of CPUs. */
  concurrency?: number;
  /** Deployment-wide threshold overrides; per-call thresholds override these. */
  thresholds?: Partial<QcThresholds>;
  /** The vehicle check on exterior views, as a step of the analysis in the same slot; none when omitted. */
  vehicleCheck?: VehicleStep;
}

export interface QcRunner {
  analyze(bytes: Uint8Array, options?: AnalyzeOptions): Promise<QcVerdict>;
  /**
   * JPEG thumbnails of an upload QC could read, under the same concurrency limit and pixel limit as the analysis;
   * null when the image cannot be decoded within that limit (nothing of it is worth keeping).
   */
  thumbnails(bytes: Uint8Array, sizes: readonly ThumbnailSize[]): Promise<Partial<Record<ThumbnailSize, Buffer>> | null>;
  /** Analyses submitted and not yet finished (running plus queued). */
  readonly pending: number;
  /** Analyses running now; never more than the concurrency. */
  readonly active: number;
  readonly concurrency: number;
}

export function createQcRunner(options: QcRunnerOptions = {}): QcRunner {
  const concurrency = options.concurrency ?? availableParallelism();
  const limiter = createConcurrencyLimiter(concurrency);
  return {
    analyze(bytes, analyzeOptions = {}) {
      const thresholds = { ...options.thresholds, ...withoutUndefined(analyzeOptions.thresholds) };
      return limiter.run(async () =>
        withVehicleCheck(await analyzePhoto(bytes, { ...analyzeOptions, thresholds }), bytes, analyzeOptions.photoCode, options.vehicleCheck),
      );
    },
    thumbnails(bytes, sizes) {
      const { maxPixels } = resolveQcThresholds(options.thresholds);
      return limiter.run(() => renderThumbnails(bytes, { sizes, maxPixels }).catch(() => null));
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
