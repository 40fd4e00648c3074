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
}

export interface DamageDetector {
  readonly name: string;
  detect(photos: DetectorPhoto[]): Promise<DetectedDamage[]>;
}
