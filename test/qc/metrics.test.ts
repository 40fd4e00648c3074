import { describe, it, expect } from 'vitest';
import type { GrayImage } from '../../src/qc/metrics.js';
import { exposureStats, hammingDistance, isPerceptualHash, laplacianVariance, perceptualHash } from '../../src/qc/metrics.js';

function grayImage(width: number, height: number, value: (x: number, y: number) => number): GrayImage {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels[y * width + x] = Math.max(0, Math.min(255, Math.round(value(x, y))));
  }
  return { pixels, width, height };
}

// A layout with distinct low-frequency structure, defined in relative coordinates so any size renders it alike.
const layout = (width: number, height: number) => (x: number, y: number) => {
  const u = x / width;
  const v = y / height;
  if (u > 0.55 && v < 0.4) return 230;
  if ((u - 0.3) ** 2 + (v - 0.65) ** 2 < 0.04) return 30;
  return 90 + 80 * u;
};

describe('laplacianVariance', () => {
  it('is 0 for a constant image', () => {
    expect(laplacianVariance(grayImage(50, 40, () => 137))).toBe(0);
  });

  it('is 0 for a linear ramp, which has no edges', () => {
    expect(laplacianVariance(grayImage(50, 40, (x) => 2 * x))).toBeCloseTo(0, 9);
  });

  it('is (4·255)² for a one-pixel black/white checkerboard', () => {
    const checkerboard = grayImage(10, 10, (x, y) => ((x + y) % 2) * 255);
    expect(laplacianVariance(checkerboard)).toBe(1020 * 1020);
  });

  it('is 0 when there is no interior pixel', () => {
    expect(laplacianVariance(grayImage(2, 2, (x) => x * 255))).toBe(0);
  });

  it('ranks a hard edge sharper than the same edge smoothed', () => {
    const hard = grayImage(60, 60, (x) => (x < 30 ? 40 : 200));
    const soft = grayImage(60, 60, (x) => 40 + 160 / (1 + Math.exp(-(x - 30) / 4)));
    expect(laplacianVariance(hard)).toBeGreaterThan(10 * laplacianVariance(soft));
  });
});

describe('exposureStats', () => {
  it('reports mean luminance and the shares of crushed and blown pixels', () => {
    const pixels = Uint8Array.from([0, 5, 10, 11, 128, 244, 245, 255]);
    const stats = exposureStats(pixels, { darkLevel: 10, brightLevel: 245 });
    expect(stats.meanLuminance).toBeCloseTo((0 + 5 + 10 + 11 + 128 + 244 + 245 + 255) / 8, 9);
    expect(stats.darkShare).toBe(3 / 8);
    expect(stats.brightShare).toBe(2 / 8);
  });

  it('returns zeros for an empty buffer instead of NaN', () => {
    expect(exposureStats(new Uint8Array(), { darkLevel: 10, brightLevel: 245 })).toEqual({
      meanLuminance: 0,
      darkShare: 0,
      brightShare: 0,
    });
  });
});

describe('perceptualHash', () => {
  it('is 16 lowercase hex characters and deterministic', () => {
    const image = grayImage(200, 150, layout(200, 150));
    const hash = perceptualHash(image);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(perceptualHash(image)).toBe(hash);
  });

  it('barely changes when the same picture is rendered at another size', () => {
    const small = perceptualHash(grayImage(200, 150, layout(200, 150)));
    const large = perceptualHash(grayImage(500, 375, layout(500, 375)));
    expect(hammingDistance(small, large)).toBeLessThanOrEqual(2);
  });

  it('differs in almost every bit for the negative of the picture', () => {
    const positive = perceptualHash(grayImage(200, 150, layout(200, 150)));
    const draw = layout(200, 150);
    const negative = perceptualHash(grayImage(200, 150, (x, y) => 255 - draw(x, y)));
    expect(hammingDistance(positive, negative)).toBeGreaterThanOrEqual(56);
  });

  it('handles images smaller than its 32×32 reduction', () => {
    expect(perceptualHash(grayImage(5, 4, (x, y) => x * 40 + y * 10))).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('hammingDistance', () => {
  it('counts differing bits across both 32-bit halves', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000001', '0000000000000000')).toBe(1);
    expect(hammingDistance('8000000000000000', '0000000000000000')).toBe(1);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('f0f0f0f0f0f0f0f0', '0f0f0f0f0f0f0f0f')).toBe(64);
    expect(hammingDistance('00000000000000ff', '000000000000000f')).toBe(4);
  });

  it('ignores letter case', () => {
    expect(hammingDistance('ABCDEF0123456789', 'abcdef0123456789')).toBe(0);
  });

  it('rejects malformed hashes', () => {
    expect(() => hammingDistance('123', '0000000000000000')).toThrow(RangeError);
    expect(() => hammingDistance('zzzzzzzzzzzzzzzz', '0000000000000000')).toThrow(RangeError);
    expect(isPerceptualHash('0123456789abcdef')).toBe(true);
    expect(isPerceptualHash('0123456789abcdefa')).toBe(false);
    expect(isPerceptualHash(42)).toBe(false);
  });
});
