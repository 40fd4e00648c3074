// A small, bounded pool of worker threads that lay out report PDFs (piscina). A render queues here instead of
// running on the event loop, so a large report delays other reports, never every other request.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ConditionReport } from './report-model.js';

export interface ReportRenderJob {
  report: ConditionReport;
  /** JPEG thumbnails by photo code. */
  thumbnails: [number, Uint8Array][];
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

export function createReportRenderPool(options: { workers?: number | null } = {}): ReportRenderPool {
  const threads = options.workers ?? defaultRenderWorkers();
  const pool = new Piscina<ReportRenderJob, Uint8Array>({
    filename: WORKER_FILE.href,
    // Started with the service and kept: a thread's start-up (loading the layout engine) costs about half a second
    // of CPU, which must not land on the first render of a busy moment.
    minThreads: threads,
    maxThreads: threads,
    // A lower CPU priority for the render threads (Linux: per thread): when cores are scarce, the event loop wins.
    niceIncrement: 10,
    execArgv: workerExecArgv(),
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

/**
 * A TypeScript worker needs the tsx loader in its thread too; `tsx src/main.ts` passes it on already, a test runner
 * does not. Otherwise the threads inherit the process's options (undefined): a list given explicitly may not hold V8
 * options, and `node --max-semi-space-size=64 dist/main.js` would fail to start.
 */
function workerExecArgv(): string[] | undefined {
  if (extname(WORKER_FILE.pathname) !== '.ts' || process.execArgv.some((argument) => argument.includes('tsx'))) return undefined;
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', tsxLoader];
}
