// A small, bounded pool of worker threads that lay out report PDFs (piscina). A render queues here instead of
// running on the event loop, so a large report delays other reports, never every other request.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ConditionReport } from './report-model.js';
import { workerExecArgv } from '../workers/worker-exec-argv.js';

export interface ReportRenderJob {
  report: ConditionReport;
  /** JPEG thumbnails by photo code. */
  thumbnails: [number, Uint8Array][];
  /** The account's logo (PNG or JPEG, re-encoded on upload), drawn in the report's band; null without one. */
  logo?: Uint8Array | null;
}

export interface ReportRenderPool {
  render(job: ReportRenderJob): Promise<Buffer>;
  /** Lets queued and running renders finish, then ends the threads. */
  close(): Promise<void>;
  readonly threads: number;
}

/** Half the cores, at least one: rendering is occasional work that must leave room for requests and photo QC. */
export function defaultRenderWorkers(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

// The worker module sits beside this one: report-pdf-worker.ts when run from source (tsx, vitest), .js once compiled.
const WORKER_FILE = new URL(`./report-pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * When the threads start: with the service (`at-start`, what the service does), or on the first render (`on-demand`,
 * for the tests, most of whose services never render a report).
 */
export type RenderThreadStart = 'at-start' | 'on-demand';

export function createReportRenderPool(options: { workers?: number | null; threadStart?: RenderThreadStart } = {}): ReportRenderPool {
  const threads = options.workers ?? defaultRenderWorkers();
  const pool = new Piscina<ReportRenderJob, Uint8Array>({
    filename: WORKER_FILE.href,
    // Started with the service and kept: a thread's start-up (loading the layout engine) costs about half a second
    // of CPU, which must not land on the first render of a busy moment.
    minThreads: options.threadStart === 'on-demand' ? 0 : threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // A lower CPU priority for the render threads (Linux: per thread): when cores are scarce, the event loop wins.
    niceIncrement: 10,
    execArgv: workerExecArgv(WORKER_FILE),
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return {
    async render(job) {
      const pdf = await pool.run(job);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => pool.close(),
    threads,
  };
}
