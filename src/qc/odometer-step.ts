// The odometer reading as a step of a photo's analysis (docs/capture.md#odometer-reading): run inside the photo's
// analysis slot, only for a cluster photo QC accepted, so it shares the slots' fair turns between accounts and a
// rejected photo never costs an OCR. The reading is a suggestion: a failed or slow read is null, never a failed upload.
import { CLUSTER_PHOTO_CODE } from '../domain/odometer.js';
import type { QcVerdict } from './analyze.js';

/** Reads the mileage of a cluster photo (src/odometer/odometer-reader.ts); null when it could not be read. */
export interface OdometerStep {
  read(bytes: Uint8Array): Promise<{ reading: number | null } | null>;
}

/** The mileage of an accepted cluster photo; null for other views, rejected photos, without a reader, or when none was read. */
export async function suggestedOdometer(
  verdict: QcVerdict,
  bytes: Uint8Array,
  photoCode: number | undefined,
  step: OdometerStep | undefined,
): Promise<number | null> {
  if (!step || !verdict.accepted || photoCode !== CLUSTER_PHOTO_CODE) return null;
  return (await step.read(bytes))?.reading ?? null;
}
