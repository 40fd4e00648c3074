// The vehicle check as a step of a photo's analysis (docs/capture.md#vehicle-check): run inside the photo's analysis
// slot, after the quality checks passed, so it shares the slots' fair turns between accounts and a photo that failed
// QC never costs a detection. With VEHICLE_CHECK=reject a flag becomes the verdict's rejection; with advise it only rides
// along on the verdict.
import { isExteriorView, judgeVehicle, VEHICLE_REJECTION_CODES, VEHICLE_REJECTION_REASONS, type VehicleCheckMode } from '../domain/vehicle-check.js';
import type { VehicleDetector } from '../vehicle/vehicle-detector.js';
import type { QcVerdict } from './analyze.js';

export interface VehicleStep {
  mode: VehicleCheckMode;
  detector: Pick<VehicleDetector, 'detect'>;
}

/** The verdict with the vehicle check's judgement: unchanged (no `vehicle`) when the photo is not checked. */
export async function withVehicleCheck(
  verdict: QcVerdict,
  bytes: Uint8Array,
  photoCode: number | undefined,
  step: VehicleStep | undefined,
): Promise<QcVerdict> {
  if (!step || step.mode === 'off' || !verdict.accepted || photoCode === undefined || !isExteriorView(photoCode)) return verdict;
  const found = await step.detector.detect(bytes);
  if (!found) return verdict;
  const vehicle = judgeVehicle(found.detections);
  const code = VEHICLE_REJECTION_CODES[vehicle.check];
  if (step.mode === 'advise' || code === null || vehicle.check === 'ok') return { ...verdict, vehicle };
  return { ...verdict, vehicle, accepted: false, rejectionCode: code, reason: VEHICLE_REJECTION_REASONS[vehicle.check] };
}
