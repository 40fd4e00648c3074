// Worker-thread entry of the VIN reader: barcode decoding is synchronous WebAssembly, so it runs here and the
// server's event loop stays free while a VIN photo is read.
import { parentPort, workerData } from 'node:worker_threads';
import { scanVinBarcode } from './barcode-scan.js';

export interface VinJob {
  id: number;
  bytes: Uint8Array;
}

export type VinJobResult = { id: number; ok: true; scan: Awaited<ReturnType<typeof scanVinBarcode>>; cpuMs: number } | { id: number; ok: false; error: string };

const { maxPixels } = workerData as { maxPixels: number };

parentPort?.on('message', async (job: VinJob) => {
  const before = process.cpuUsage();
  try {
    const scan = await scanVinBarcode(job.bytes, { maxPixels });
    const used = process.cpuUsage(before);
    parentPort?.postMessage({ id: job.id, ok: true, scan, cpuMs: (used.user + used.system) / 1000 } satisfies VinJobResult);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies VinJobResult);
  }
});
