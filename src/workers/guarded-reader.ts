// One reading at a time on one worker, for a reading that only helps (the VIN barcode, the odometer): a photo that
// finds the queue full, fails, or takes too long is read as "nothing" (null) — never a failed upload — and the worker
// can be replaced. Shared by src/vin/vin-reader.ts and src/odometer/odometer-reader.ts (docs/capture.md).
import type { Logger } from '../logger.js';
import { createConcurrencyLimiter } from '../qc/pool.js';

export interface GuardedReaderOptions {
  /** A step still running after this long is given up (`within`). */
  timeoutMs: number;
  /** Readings allowed to wait for the worker; more are answered null at once. */
  maxQueued: number;
  /** What the warning of a failed reading says (its detail carries the problem). */
  failure: string;
  logger?: Pick<Logger, 'warn'>;
}

export interface GuardedReader {
  /**
   * Runs `read` once the readings before it are done, or answers null at once when `maxQueued` are already waiting.
   * `read` throws what went wrong: the failure is logged and the answer is null.
   */
  run<T>(read: () => Promise<T | null>): Promise<T | null>;
  /** `work`, or a rejection "<what>: no answer within <timeoutMs> ms" when it takes longer. */
  within<T>(work: Promise<T>, what: string): Promise<T>;
}

export function createGuardedReader(options: GuardedReaderOptions): GuardedReader {
  const limiter = createConcurrencyLimiter(1);
  return {
    run(read) {
      if (limiter.queued >= options.maxQueued) return Promise.resolve(null);
      return limiter.run(async () => {
        try {
          return await read();
        } catch (error) {
          options.logger?.warn({ problem: error instanceof Error ? error.message : String(error) }, options.failure);
          return null;
        }
      });
    },
    within(work, what) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      });
      return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
    },
  };
}

/** The worker a reader uses: started on first use, and replaced after a failure so the next reading starts a new one. */
export interface ReplaceableWorker<W> {
  /** The running worker, started now when none is (its start's failure is the caller's to handle). */
  current(): Promise<W>;
  /**
   * Stops `worker` when it is still the running one, or the running one when none is named; a failure of a worker
   * that was already replaced stops nothing. A worker whose start failed has nothing to stop.
   */
  replace(worker?: Promise<W>): Promise<void>;
}

export function createReplaceableWorker<W>(start: () => Promise<W>, stop: (worker: W) => Promise<unknown>): ReplaceableWorker<W> {
  let running: Promise<W> | null = null;
  return {
    current() {
      running ??= start();
      return running;
    },
    async replace(worker = running ?? undefined) {
      if (!worker || worker !== running) return;
      running = null;
      const started = await worker.catch(() => null);
      if (started) await stop(started);
    },
  };
}
