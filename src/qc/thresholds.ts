// Tunable limits of photo quality control, with defaults calibrated on test/support/images.ts scenes.
// Sharpness and exposure are measured on a grayscale copy resized to QC_ANALYSIS_WIDTH pixels wide.

/** Width of the grayscale copy every pixel metric is computed on; minSharpness is only meaningful at this width. */
export const QC_ANALYSIS_WIDTH = 500;

export interface QcThresholds {
  /** Largest accepted upload, in bytes. */
  maxBytes: number;
  /** Largest accepted image area in pixels; also sharp's decode limit, so decompression bombs are refused early. */
  maxPixels: number;
  /** Minimum width and height after EXIF rotation. */
  minWidth: number;
  minHeight: number;
  /** Minimum variance of the Laplacian of the analysis copy; below it the photo is blurry (or featureless). */
  minSharpness: number;
  /** Accepted range of mean luminance (0-255). */
  minMeanLuminance: number;
  maxMeanLuminance: number;
  /** Luminance at or below which a pixel counts as crushed black, and at or above which as blown white. */
  darkLevel: number;
  brightLevel: number;
  /** Largest accepted share (0-1) of crushed-black / blown-white pixels. */
  maxDarkShare: number;
  maxBrightShare: number;
  /** Perceptual hashes at most this many bits apart (of 64) are the same picture. */
  maxDuplicateDistance: number;
}

// Calibration (see the QC tests): sharp scenes measure ≥ ~95 sharpness, heavily blurred ones ≤ ~3, so 20 leaves a wide
// margin both ways; scene means are 98-177 against ~6 (dark) and ~250 (washed out); different scenes' hashes are
// ≥ 18 bits apart while re-encoded or resized copies of one photo are 0-2 apart.
export const DEFAULT_QC_THRESHOLDS: Readonly<QcThresholds> = Object.freeze({
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 50_000_000,
  minWidth: 1024,
  minHeight: 768,
  minSharpness: 20,
  minMeanLuminance: 35,
  maxMeanLuminance: 225,
  darkLevel: 10,
  brightLevel: 245,
  maxDarkShare: 0.6,
  maxBrightShare: 0.6,
  maxDuplicateDistance: 8,
});

/** The defaults with every defined override applied (an explicit `undefined` keeps the default). */
export function resolveQcThresholds(...overrides: (Partial<QcThresholds> | undefined)[]): QcThresholds {
  const resolved: QcThresholds = { ...DEFAULT_QC_THRESHOLDS };
  for (const override of overrides) {
    if (!override) continue;
    for (const key of Object.keys(resolved) as (keyof QcThresholds)[]) {
      const value = override[key];
      if (value !== undefined) resolved[key] = value;
    }
  }
  return resolved;
}
