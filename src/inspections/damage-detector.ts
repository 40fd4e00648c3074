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

/** What a detector found, and which photos it could not analyse (down, timing out, answering nonsense). */
export interface DetectionOutcome {
  damages: DetectedDamage[];
  unanalysed: number[];
}

export interface DamageDetector {
  readonly name: string;
  /** Never throws for a photo it cannot analyse: it lists it in `unanalysed`, so completion never waits for ever. */
  detect(photos: DetectorPhoto[], context: { sessionKey: string }): Promise<DetectionOutcome>;
}
