// The order the capture page asks for the views (docs/capture.md): one walk around the car, starting and ending at the
// driver's door, so nobody crosses back. Photo code 4 (Left) is the driver side, as on a left-hand-drive car.
import type { PhotoCode } from './themes.js';

/**
 * Driver's door first (VIN sticker, then inside: interior, cluster), out to the front-left corner, across the front,
 * down the passenger side, across the rear, back along the driver side, ending at the front driver-side tyre.
 */
export const WALK_AROUND_ORDER: readonly PhotoCode[] = Object.freeze([1, 2, 3, 10, 5, 9, 11, 7, 12, 8, 13, 4, 6]);

/** `photoCodes` (a theme's required photos, any order) sorted into walk-around order; unknown codes go last. */
export function inWalkAroundOrder(photoCodes: readonly number[]): number[] {
  const rank = (code: number) => {
    const index = (WALK_AROUND_ORDER as readonly number[]).indexOf(code);
    return index === -1 ? WALK_AROUND_ORDER.length + code : index;
  };
  return [...photoCodes].sort((a, b) => rank(a) - rank(b));
}
