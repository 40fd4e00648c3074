// A photo capture as the code works with it (docs/capture.md): every upload of a session, accepted or rejected; a
// retake adds a capture, never overwrites one. The record the capture store returns and takes, whatever shape the
// database keeps it in (src/store/captures.ts maps one to the other); the API's names for it are representation.ts's.
import type { RejectionCode } from './rejection-codes.js';
import type { VehicleBox, VehicleCheck } from './vehicle-check.js';

export interface Capture {
  /** What the session's photo slot names it by. */
  id: string;
  sessionKey: string;
  apiKey: string;
  photoCode: number;
  photoLabel: string;
  /** File store key of the original upload; kept only for accepted photos (docs/limits.md). */
  fileKey: string | null;
  /** File store keys of the JPEG thumbnails (docs/capture.md); a rejected upload keeps only `thumbKey`. */
  mediumKey: string | null;
  thumbKey: string | null;
  /** Unguessable path segment under /photos/; null when nothing of the upload was kept. */
  urlToken: string | null;
  mimeType: string | null;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  hash: string | null;
  approved: boolean;
  /** Why it was rejected, in English (webhooks, approved_message); null when approved. */
  reason: string | null;
  /** The same, as a code (docs/capture.md); null when approved. */
  rejectionCode: RejectionCode | null;
  metrics: Record<string, number>;
  /** The VIN read from the barcode of an accepted VIN photo (photo code 1); null when none was readable. */
  decodedVin: string | null;
  /** The vehicle check's flag on an exterior view (docs/capture.md#vehicle-check); null when not checked. */
  vehicleCheck: VehicleCheck | null;
  /** The vehicle the flag is about, in fractions of the photo; null when none was found or not checked. */
  vehicleBox: VehicleBox | null;
  /** The mileage read from an accepted cluster photo (photo code 3, docs/capture.md#odometer-reading); null when none was read. */
  odometerSuggested: number | null;
  createdAt: Date;
  updatedAt: Date;
}
