// The port for automatic damage detection. A detector looks at the accepted photos of a confirmed session and
// proposes damage records; none is configured by default.
import type { Grade } from '../domain/grading.js';

export interface DetectorPhoto {
  photoCode: number;
  photoLabel: string;
  mimeType: string;
  bytes: () => Promise<Buffer>;
}

export interface DetectedDamage {
  item: string;
  damage: string;
  grade: Grade;
  photoCode: number | null;
  /** Confidence 0-1, when the model gives one. */
  score?: number | null;
  /** The box on the photo, in fractions 0-1 of its width and height. */
  region?: { x: number; y: number; width: number; height: number } | null;
}

export interface DamageDetector {
  readonly name: string;
  detect(photos: DetectorPhoto[]): Promise<DetectedDamage[]>;
}
