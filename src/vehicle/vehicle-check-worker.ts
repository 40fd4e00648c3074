// Runs in a vehicle-check thread (vehicle-detector.ts): loads the detector once, then per photo decodes a small RGB copy
// and finds the vehicles on it. Both are synchronous-heavy (WebAssembly inference, pixel copies), so they run here and
// the service's event loop stays free.
import sharp from 'sharp';
import type { VehicleDetection } from '../domain/vehicle-check.js';
import { CENTERNET_INPUT_SIZE, loadCenterNet, type CenterNet } from './centernet.js';

export interface VehicleCheckJob {
  bytes: Uint8Array;
  /** The QC pixel limit: a photo over it is never decoded. */
  maxPixels: number;
}

export interface VehicleCheckJobResult {
  detections: VehicleDetection[];
  /** CPU time of this thread's process while the photo was decoded and run through the model (all threads counted). */
  cpuMs: number;
}

let detector: Promise<CenterNet> | null = null;

export default async function vehicleCheckJob(job: VehicleCheckJob | 'warm-up'): Promise<VehicleCheckJobResult | null> {
  detector ??= loadCenterNet();
  const model = await detector;
  if (job === 'warm-up') return null;
  const before = process.cpuUsage();
  const size = CENTERNET_INPUT_SIZE;
  const rgb = await sharp(job.bytes, { failOn: 'error', limitInputPixels: job.maxPixels })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(size, size, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const detections = await model.detect(rgb);
  const used = process.cpuUsage(before);
  return { detections, cpuMs: (used.user + used.system) / 1000 };
}
