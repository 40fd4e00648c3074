import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { decodeGrayscale, readImageHeader } from '../../src/qc/decode.js';
import { makeScene, makeTruncatedJpeg } from '../support/images.js';

const limits = { maxPixels: 100_000_000 };

describe('readImageHeader', () => {
  it('reports format and dimensions after EXIF orientation', async () => {
    const upright = await makeScene({ width: 300, height: 200 });
    const quarterTurned = await makeScene({ width: 300, height: 200, orientation: 6 });
    expect(await readImageHeader(upright)).toEqual({ format: 'jpeg', width: 300, height: 200 });
    expect(await readImageHeader(quarterTurned)).toEqual({ format: 'jpeg', width: 200, height: 300 });
  });
});

describe('decodeGrayscale', () => {
  it('returns one 8-bit channel at the requested width, rotated as displayed', async () => {
    const gray = await decodeGrayscale(await makeScene({ width: 1000, height: 800, orientation: 6 }), 500, limits);
    expect(gray.width).toBe(500);
    expect(gray.height).toBe(625);
    expect(gray.pixels.length).toBe(500 * 625);
  });

  it('reduces 16-bit PNGs to 8 bits and flattens transparency onto white', async () => {
    const scene = await makeScene({ width: 600, height: 400 });
    const deep = await sharp(scene).toColourspace('rgb16').png().toBuffer();
    const transparent = await sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const deepGray = await decodeGrayscale(deep, 500, limits);
    expect(deepGray.pixels.length).toBe(deepGray.width * deepGray.height);
    const flattened = await decodeGrayscale(transparent, 500, limits);
    expect(flattened.pixels.every((value) => value === 255)).toBe(true);
  });

  it('refuses images over the pixel limit and truncated data', async () => {
    const scene = await makeScene({ width: 1200, height: 1000 });
    await expect(decodeGrayscale(scene, 500, { maxPixels: 1_000_000 })).rejects.toThrow();
    await expect(decodeGrayscale(await makeTruncatedJpeg({ width: 1200, height: 1000 }), 500, limits)).rejects.toThrow();
  });
});
