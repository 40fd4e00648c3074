// Photo quality control: turns uploaded bytes into an accept/reject verdict with a rejection code and a human-readable reason.
// Checks run cheapest first; bad input of any kind yields a rejected verdict, never an exception.
import { decodeGrayscale, readImageHeader } from './decode.js';
import { exposureStats, hammingDistance, isPerceptualHash, laplacianVariance, perceptualHash } from './metrics.js';
import { sniffImageType } from './sniff.js';
import type { AcceptedImageType } from './sniff.js';
import { QC_ANALYSIS_WIDTH, resolveQcThresholds } from './thresholds.js';
import type { QcThresholds } from './thresholds.js';
import type { RejectionCode } from '../domain/rejection-codes.js';
import type { VehicleJudgement } from '../domain/vehicle-check.js';

/** A photo already accepted in the same session, under another photo code. */
export interface AcceptedPhoto {
  photoCode: number;
  photoLabel: string;
  /** Its `QcVerdict.hash`. */
  hash: string;
}

export interface AnalyzeOptions {
  thresholds?: Partial<QcThresholds>;
  /** The view photographed: exterior views get the vehicle check (vehicle-step.ts) when the runner has one. */
  photoCode?: number;
  /** The session's accepted photos of the other photo codes, checked for duplicates. */
  acceptedPhotos?: readonly AcceptedPhoto[];
}

export interface QcMetrics {
  /** Variance of the Laplacian of the analysis copy. */
  sharpness?: number;
  /** Mean luminance, 0-255. */
  meanLuminance?: number;
  /** Share (0-1) of crushed-black pixels. */
  darkShare?: number;
  /** Share (0-1) of blown-white pixels. */
  brightShare?: number;
}

export interface QcVerdict {
  accepted: boolean;
  /** Why the photo was rejected, in English (webhook messages, `approved_message`); null when accepted. */
  reason: string | null;
  /** The same, as a stable code the capture page words in the person's language; null when accepted. */
  rejectionCode: RejectionCode | null;
  mimeType: AcceptedImageType | null;
  /** Displayed dimensions (after EXIF rotation), once the header could be read. */
  width: number | null;
  height: number | null;
  /** 64-bit perceptual hash as 16 hex characters, once the pixels could be decoded. */
  hash: string | null;
  metrics: QcMetrics;
  /** The vehicle check's judgement (vehicle-step.ts); absent when the photo was not checked. */
  vehicle?: VehicleJudgement;
}

const SHARP_FORMAT_OF: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A failed check: its code and the English reason. */
interface Rejection {
  code: RejectionCode;
  reason: string;
}

const reject = (code: RejectionCode, reason: string): Rejection => ({ code, reason });
const UNSUPPORTED = reject('UNSUPPORTED_TYPE', 'Unsupported file type: only JPEG, PNG and WebP photos are accepted');
const UNREADABLE = reject('UNREADABLE', 'Photo could not be read: the file is damaged, incomplete or not a valid image');

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const round = (value: number) => Math.round(value * 10) / 10;

export async function analyzePhoto(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<QcVerdict> {
  const verdict: QcVerdict = {
    accepted: false,
    reason: null,
    rejectionCode: null,
    mimeType: null,
    width: null,
    height: null,
    hash: null,
    metrics: {},
  };
  try {
    const rejection = await runChecks(bytes, resolveQcThresholds(options.thresholds), options.acceptedPhotos ?? [], verdict);
    verdict.accepted = rejection === null;
    verdict.reason = rejection?.reason ?? null;
    verdict.rejectionCode = rejection?.code ?? null;
  } catch {
    // Anything sharp or a malformed argument throws is still the upload's problem, not a server error.
    verdict.reason = UNREADABLE.reason;
    verdict.rejectionCode = UNREADABLE.code;
  }
  return verdict;
}

/** Fills `verdict` as far as the checks get; returns the first failed check, or null when every check passes. */
async function runChecks(bytes: Uint8Array, thresholds: QcThresholds, acceptedPhotos: readonly AcceptedPhoto[], verdict: QcVerdict): Promise<Rejection | null> {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return reject('UNREADABLE', 'Photo could not be read: no file data was received');
  if (bytes.length > thresholds.maxBytes) {
    return reject('TOO_LARGE', `Photo file is too large: ${megabytes(bytes.length)}, at most ${megabytes(thresholds.maxBytes)} allowed`);
  }
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) return UNSUPPORTED;
  verdict.mimeType = mimeType;

  const limits = { maxPixels: thresholds.maxPixels };
  const header = await readImageHeader(bytes).catch(() => null);
  if (header === null) return UNREADABLE;
  // libvips detects the format from the same magic bytes, so this only trips on a disguised or exotic variant.
  if (header.format !== SHARP_FORMAT_OF[mimeType]) return UNSUPPORTED;
  verdict.width = header.width;
  verdict.height = header.height;
  if (header.width * header.height > thresholds.maxPixels) {
    const limit = round(thresholds.maxPixels / 1_000_000);
    return reject('TOO_MANY_PIXELS', `Photo is too large: ${header.width}×${header.height}, at most ${limit} megapixels allowed`);
  }
  if (header.width < thresholds.minWidth || header.height < thresholds.minHeight) {
    return reject('TOO_SMALL', `Photo is too small: ${header.width}×${header.height}, at least ${thresholds.minWidth}×${thresholds.minHeight} required`);
  }

  const gray = await decodeGrayscale(bytes, QC_ANALYSIS_WIDTH, limits).catch(() => null);
  if (gray === null) return UNREADABLE;
  const exposure = exposureStats(gray.pixels, thresholds);
  const sharpness = laplacianVariance(gray);
  verdict.metrics = { sharpness, ...exposure };
  verdict.hash = perceptualHash(gray);

  // Exposure first: a near-black frame has no visible edges either, and "too dark" is the useful advice.
  if (exposure.meanLuminance < thresholds.minMeanLuminance) {
    return reject(
      'TOO_DARK',
      `Photo is too dark: average brightness ${Math.round(exposure.meanLuminance)} of 255, at least ${thresholds.minMeanLuminance} required`,
    );
  }
  if (exposure.darkShare > thresholds.maxDarkShare) {
    return reject('TOO_DARK', `Photo is too dark: ${percent(exposure.darkShare)} of it is black, at most ${percent(thresholds.maxDarkShare)} allowed`);
  }
  if (exposure.meanLuminance > thresholds.maxMeanLuminance) {
    return reject(
      'TOO_BRIGHT',
      `Photo is too bright: average brightness ${Math.round(exposure.meanLuminance)} of 255, at most ${thresholds.maxMeanLuminance} allowed`,
    );
  }
  if (exposure.brightShare > thresholds.maxBrightShare) {
    return reject(
      'TOO_BRIGHT',
      `Photo is too bright: ${percent(exposure.brightShare)} of it is washed out to white, at most ${percent(thresholds.maxBrightShare)} allowed`,
    );
  }
  if (sharpness < thresholds.minSharpness) {
    return reject('BLURRY', `Photo is blurry: sharpness ${round(sharpness)}, at least ${thresholds.minSharpness} required`);
  }

  const original = closestDuplicate(verdict.hash, acceptedPhotos, thresholds.maxDuplicateDistance);
  if (original) return reject('DUPLICATE', `Photo is a duplicate of photo ${original.photoCode} (${original.photoLabel})`);
  return null;
}

/** The accepted photo whose hash is nearest to `hash`, if it is within `maxDistance`; malformed hashes are skipped. */
function closestDuplicate(hash: string, acceptedPhotos: readonly AcceptedPhoto[], maxDistance: number): AcceptedPhoto | null {
  let closest: AcceptedPhoto | null = null;
  let closestDistance = Number.POSITIVE_INFINITY;
  for (const photo of acceptedPhotos) {
    if (!isPerceptualHash(photo?.hash)) continue;
    const distance = hammingDistance(hash, photo.hash);
    if (distance <= maxDistance && distance < closestDistance) {
      closest = photo;
      closestDistance = distance;
    }
  }
  return closest;
}
