// The vehicle check's judgement (docs/capture.md#vehicle-check): from the boxes an object detector found on an
// exterior view to one flag, `ok`, `no_vehicle`, `cut_off` or `too_far`, with the box it is about. Pure, so the
// thresholds are tested without a model; the detector (src/vehicle) only finds boxes.
import { z } from 'zod';
import type { RejectionCode } from './rejection-codes.js';

/** The exterior views: the corners, front, rear and both sides (the windshield, VIN, interior, cluster and tire are close-ups). */
export const EXTERIOR_PHOTO_CODES: readonly number[] = [4, 5, 7, 8, 10, 11, 12, 13];

export const VEHICLE_CHECK_MODES = ['advise', 'reject', 'off'] as const;
export type VehicleCheckMode = (typeof VEHICLE_CHECK_MODES)[number];

export const VEHICLE_CHECKS = ['ok', 'no_vehicle', 'cut_off', 'too_far'] as const;
export type VehicleCheck = (typeof VEHICLE_CHECKS)[number];
export const VehicleCheckSchema = z.enum(VEHICLE_CHECKS).meta({
  id: 'VehicleCheck',
  description: 'What the vehicle check saw on an exterior view: the whole vehicle, none, one cut off by the edge, or one too small in the picture.',
});

/** What each flag means (docs/capture.md#vehicle-check); GraphQL describes its enum with it. */
export const VEHICLE_CHECK_MEANINGS: Readonly<Record<VehicleCheck, string>> = {
  ok: 'The whole vehicle is in the picture and fills enough of it.',
  no_vehicle: 'No vehicle was found.',
  cut_off: 'The vehicle runs past the left, right or top edge of the photo.',
  too_far: 'The vehicle is too small in the picture: less than 40 % of its width and of its height.',
};

/** The COCO classes that count as the vehicle being inspected. */
export const VEHICLE_LABELS = ['car', 'truck', 'bus', 'motorcycle'] as const;
export type VehicleLabel = (typeof VEHICLE_LABELS)[number];

/** A box in fractions (0–1) of the photo as displayed, from its top-left corner, with the detector's confidence. */
export interface VehicleBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export const VehicleBoxSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().min(0).max(1),
    height: z.number().min(0).max(1),
    score: z.number().min(0).max(1).meta({ description: "The detector's confidence, 0–1." }),
  })
  .meta({ id: 'VehicleBox', description: 'Where the vehicle is, in fractions (0–1) of the photo as displayed, from its top-left corner.' });

export interface VehicleDetection {
  label: VehicleLabel;
  box: VehicleBox;
}

export interface VehicleCheckRules {
  /** Detections below this confidence (once one vehicle's classes are merged) are not a vehicle. */
  minScore: number;
  /** Boxes overlapping at least this much (intersection over union) are one vehicle seen as several classes. */
  sameVehicleOverlap: number;
  /** A box edge within this fraction of the photo's left, right or top edge is taken to run past it. */
  edgeMargin: number;
  /** The vehicle's box must span at least this fraction of the photo's width or of its height. */
  minSpan: number;
}

/**
 * Chosen on the evaluation set described in docs/capture.md#vehicle-check, with the detector at its 448-pixel input: a
 * confidence of 0.35 keeps the clip-art and photo vehicles it found and drops the boxes it hallucinated on walls and
 * skies; a framed vehicle spans well over half the picture, one at the far end of a lot less than 40 %. The bottom
 * edge is not checked: a phone held low cuts the tyres' shadow, not the vehicle.
 */
export const DEFAULT_VEHICLE_CHECK_RULES: VehicleCheckRules = { minScore: 0.35, sameVehicleOverlap: 0.8, edgeMargin: 0.02, minSpan: 0.4 };

export interface VehicleJudgement {
  check: VehicleCheck;
  /** The vehicle the flag is about (the largest confident one); null when there is none. */
  box: VehicleBox | null;
}

/** The flag for a photo from the vehicles found on it. */
export function judgeVehicle(detections: readonly VehicleDetection[], rules: VehicleCheckRules = DEFAULT_VEHICLE_CHECK_RULES): VehicleJudgement {
  const vehicles = mergeClasses(detections, rules.sameVehicleOverlap)
    .filter((box) => box.score >= rules.minScore)
    .map(clampBox);
  if (vehicles.length === 0) return { check: 'no_vehicle', box: null };
  // The vehicle being inspected is the one filling the picture; a smaller one behind it is a neighbour on the lot.
  const box = vehicles.reduce((largest, candidate) => (area(candidate) > area(largest) ? candidate : largest));
  if (box.x <= rules.edgeMargin || box.x + box.width >= 1 - rules.edgeMargin || box.y <= rules.edgeMargin) return { check: 'cut_off', box };
  if (box.width < rules.minSpan && box.height < rules.minSpan) return { check: 'too_far', box };
  return { check: 'ok', box };
}

/** Whether a photo code is checked at all. */
export function isExteriorView(photoCode: number): boolean {
  return EXTERIOR_PHOTO_CODES.includes(photoCode);
}

/** The rejection code of a flag under `VEHICLE_CHECK=reject`; null for `ok`. */
export const VEHICLE_REJECTION_CODES: Record<VehicleCheck, RejectionCode | null> = {
  ok: null,
  no_vehicle: 'NO_VEHICLE',
  cut_off: 'VEHICLE_CUT_OFF',
  too_far: 'TOO_FAR',
};

/** The English reason beside the code (webhook messages, `approved_message`). */
export const VEHICLE_REJECTION_REASONS: Record<Exclude<VehicleCheck, 'ok'>, string> = {
  no_vehicle: 'No vehicle found in the photo: this view needs the whole vehicle in the picture',
  cut_off: 'The vehicle is cut off by the edge of the photo: step back so all of it is in the picture',
  too_far: 'The vehicle is too far away: step closer so it fills most of the picture',
};

/**
 * One box per vehicle. The detector scores each class on its own, so a vehicle it cannot tell between a car and a truck
 * comes back as two boxes in one place with middling scores; the chance that it is some vehicle is that of not being
 * neither: 1 − Π(1 − score). Boxes are taken best first, each joining the first kept box it overlaps enough.
 */
function mergeClasses(detections: readonly VehicleDetection[], overlap: number): VehicleBox[] {
  const groups: { box: VehicleBox; missed: number }[] = [];
  for (const { box } of [...detections].sort((a, b) => b.box.score - a.box.score)) {
    const same = groups.find((group) => intersectionOverUnion(group.box, box) >= overlap);
    if (same) same.missed *= 1 - box.score;
    else groups.push({ box, missed: 1 - box.score });
  }
  return groups.map(({ box, missed }) => ({ ...box, score: 1 - missed }));
}

function intersectionOverUnion(a: VehicleBox, b: VehicleBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const shared = Math.max(0, width) * Math.max(0, height);
  const union = area(a) + area(b) - shared;
  return union > 0 ? shared / union : 0;
}

function area(box: VehicleBox): number {
  return box.width * box.height;
}

/** The detector may overshoot the frame a little; a box is kept inside the photo, rounded to 4 places. */
function clampBox(box: VehicleBox): VehicleBox {
  const left = clamp(box.x);
  const top = clamp(box.y);
  const right = clamp(box.x + box.width);
  const bottom = clamp(box.y + box.height);
  return { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top), score: round(clamp(box.score)) };
}

const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
const round = (value: number) => Math.round(value * 10_000) / 10_000;
