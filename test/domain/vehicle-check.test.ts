import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VEHICLE_CHECK_RULES,
  EXTERIOR_PHOTO_CODES,
  isExteriorView,
  judgeVehicle,
  VEHICLE_REJECTION_CODES,
  type VehicleDetection,
} from '../../src/domain/vehicle-check.js';
import { REJECTION_CODES } from '../../src/domain/rejection-codes.js';

const car = (x: number, y: number, width: number, height: number, score = 0.8): VehicleDetection => ({ label: 'car', box: { x, y, width, height, score } });

describe('judgeVehicle', () => {
  it('is ok for a confident vehicle filling the picture away from the edges', () => {
    expect(judgeVehicle([car(0.1, 0.25, 0.8, 0.5)])).toEqual({ check: 'ok', box: { x: 0.1, y: 0.25, width: 0.8, height: 0.5, score: 0.8 } });
    // Tall and narrow (a front view in portrait) is framed too: either span is enough.
    expect(judgeVehicle([car(0.3, 0.2, 0.35, 0.6)]).check).toBe('ok');
  });

  it('sees no vehicle in nothing, or in detections below the confidence threshold', () => {
    expect(judgeVehicle([])).toEqual({ check: 'no_vehicle', box: null });
    const minScore = DEFAULT_VEHICLE_CHECK_RULES.minScore;
    expect(judgeVehicle([car(0.1, 0.2, 0.8, 0.5, minScore - 0.01)]).check).toBe('no_vehicle');
    expect(judgeVehicle([car(0.1, 0.2, 0.8, 0.5, minScore)]).check).toBe('ok');
  });

  it('merges one vehicle scored as several classes in one place: the chance it is some vehicle', () => {
    const truck = (score: number, x = 0.1): VehicleDetection => ({ label: 'truck', box: { x, y: 0.25, width: 0.8, height: 0.5, score } });
    // 0.2 and 0.25, each under the threshold: 1 − 0.8 × 0.75 = 0.4 over it.
    expect(judgeVehicle([car(0.1, 0.25, 0.8, 0.5, 0.2), truck(0.25)])).toEqual({ check: 'ok', box: { x: 0.1, y: 0.25, width: 0.8, height: 0.5, score: 0.4 } });
    // The merged vehicle has the place of its most confident box, whatever order the detector listed them in.
    expect(judgeVehicle([car(0.12, 0.25, 0.8, 0.5, 0.3), truck(0.6)]).box).toEqual({ x: 0.1, y: 0.25, width: 0.8, height: 0.5, score: 0.72 });
    // Boxes overlapping less than sameVehicleOverlap (here 0.6 of their union) are two weak vehicles, neither enough.
    expect(judgeVehicle([car(0.1, 0.25, 0.8, 0.5, 0.2), truck(0.25, 0.3)]).check).toBe('no_vehicle');
  });

  it('flags a vehicle running past the left, right or top edge as cut off, but not one reaching the bottom', () => {
    expect(judgeVehicle([car(0, 0.3, 0.7, 0.4)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.015, 0.3, 0.7, 0.4)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.3, 0.3, 0.69, 0.4)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.1, 0.01, 0.8, 0.6)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.1, 0.4, 0.8, 0.6)]).check).toBe('ok');
    expect(judgeVehicle([car(0.05, 0.3, 0.9, 0.4)]).check).toBe('ok');
    // Exactly at the margin counts as past the edge.
    const margin = DEFAULT_VEHICLE_CHECK_RULES.edgeMargin;
    expect(judgeVehicle([car(margin, 0.3, 0.7, 0.4)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.1, margin, 0.7, 0.4)]).check).toBe('cut_off');
    expect(judgeVehicle([car(0.25, 0.3, 0.75 - margin, 0.4)]).check).toBe('cut_off');
  });

  it('flags a vehicle spanning less than the minimum in both directions as too far', () => {
    const span = DEFAULT_VEHICLE_CHECK_RULES.minSpan;
    expect(judgeVehicle([car(0.4, 0.5, span - 0.01, 0.2)]).check).toBe('too_far');
    expect(judgeVehicle([car(0.4, 0.5, span, 0.2)]).check).toBe('ok');
    expect(judgeVehicle([car(0.4, 0.3, 0.2, span)]).check).toBe('ok');
  });

  it('judges the largest confident vehicle: a neighbour far behind does not make the photo too far', () => {
    const judged = judgeVehicle([car(0.45, 0.45, 0.1, 0.05, 0.9), car(0.1, 0.3, 0.8, 0.5, 0.5), car(0, 0, 1, 1, 0.1)]);
    expect(judged).toEqual({ check: 'ok', box: { x: 0.1, y: 0.3, width: 0.8, height: 0.5, score: 0.5 } });
  });

  it('keeps a box that overshoots the photo inside it, rounded, and treats non-numbers as zero', () => {
    expect(judgeVehicle([car(-0.05, 0.2, 0.6, 0.5, 0.912345)])).toEqual({ check: 'cut_off', box: { x: 0, y: 0.2, width: 0.55, height: 0.5, score: 0.9123 } });
    expect(judgeVehicle([car(Number.NaN, 0.2, 0.6, 0.5)]).check).toBe('cut_off');
  });
});

describe('the exterior views and their rejection codes', () => {
  it('checks the corners, front, rear and sides only', () => {
    expect(EXTERIOR_PHOTO_CODES).toEqual([4, 5, 7, 8, 10, 11, 12, 13]);
    for (const code of [1, 2, 3, 6, 9]) expect(isExteriorView(code), String(code)).toBe(false);
    for (const code of EXTERIOR_PHOTO_CODES) expect(isExteriorView(code), String(code)).toBe(true);
  });

  it('maps each flag but ok to a rejection code the catalogs know', () => {
    expect(VEHICLE_REJECTION_CODES).toEqual({ ok: null, no_vehicle: 'NO_VEHICLE', cut_off: 'VEHICLE_CUT_OFF', too_far: 'TOO_FAR' });
    for (const code of Object.values(VEHICLE_REJECTION_CODES)) if (code) expect(REJECTION_CODES).toContain(code);
  });
});
