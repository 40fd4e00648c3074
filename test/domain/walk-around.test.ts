import { describe, expect, it } from 'vitest';
import { inWalkAroundOrder, WALK_AROUND_ORDER } from '../../src/domain/walk-around.js';
import { PHOTO_CODES, requiredPhotoCodes, THEME_NAMES } from '../../src/domain/themes.js';

// Where the person stands for each exterior view, going round the car: front-left corner = 0°, front = 45°, ...
const STANDPOINT: Record<number, number> = { 10: 0, 5: 45, 9: 45, 11: 90, 7: 135, 12: 180, 8: 225, 13: 270, 4: 315, 6: 340 };

describe('walk-around order', () => {
  it('names every photo code exactly once', () => {
    expect([...WALK_AROUND_ORDER].sort((a, b) => a - b)).toEqual([...PHOTO_CODES].sort((a, b) => a - b));
  });

  it('starts at the driver door with the VIN, interior and cluster, then goes round the outside one way, once', () => {
    expect(WALK_AROUND_ORDER.slice(0, 3)).toEqual([1, 2, 3]);
    const angles = WALK_AROUND_ORDER.slice(3).map((code) => STANDPOINT[code] as number);
    for (let index = 1; index < angles.length; index += 1) expect(angles[index]).toBeGreaterThanOrEqual(angles[index - 1] as number);
  });

  it('sorts each theme into that order, keeping only its photos', () => {
    expect(inWalkAroundOrder(requiredPhotoCodes('LITE'))).toEqual([1, 2, 5, 7, 8, 4]);
    for (const theme of THEME_NAMES) expect(inWalkAroundOrder(requiredPhotoCodes(theme)).sort((a, b) => a - b)).toEqual(requiredPhotoCodes(theme));
    expect(inWalkAroundOrder([99, 4, 1])).toEqual([1, 4, 99]);
  });
});
