import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderThumbnails } from '../../src/qc/thumbnails.js';
import { createQcRunner } from '../../src/qc/pool.js';
import { makePngBomb, makeScene, makeTruncatedJpeg } from '../support/images.js';

const MAX_PIXELS = 100_000_000;

describe('renderThumbnails', () => {
  it('makes JPEGs that fit 1280 and 400 px, upright, without the source metadata', async () => {
    // 1600×1200 pixels tagged with EXIF orientation 8: shown as a 1200×1600 portrait.
    const source = await makeScene({ seed: 41, orientation: 8 });
    const { medium, thumb } = await renderThumbnails(source, { sizes: ['medium', 'thumb'], maxPixels: MAX_PIXELS });
    for (const [bytes, longEdge] of [
      [medium!, 1280],
      [thumb!, 400],
    ] as const) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([(longEdge * 3) / 4, longEdge]);
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('never enlarges a small image and puts transparency on white', async () => {
    const transparent = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { thumb, medium } = await renderThumbnails(transparent, { sizes: ['thumb'], maxPixels: MAX_PIXELS });
    expect(medium).toBeUndefined();
    const { data, info } = await sharp(thumb!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 200]);
    expect(data.every((level) => level > 245)).toBe(true);
  });

  it('refuses an image over the pixel limit before decoding it, and an undecodable one', async () => {
    await expect(renderThumbnails(await makePngBomb({ width: 50_000, height: 50_000 }), { sizes: ['thumb'], maxPixels: MAX_PIXELS })).rejects.toThrow(
      /pixel limit/,
    );
    await expect(renderThumbnails(await makeTruncatedJpeg(), { sizes: ['thumb'], maxPixels: MAX_PIXELS })).rejects.toThrow();
  });

  it('answers null through the QC runner for what cannot be kept, under its pixel limit', async () => {
    const check = { account: 'a', thumbnailsFor: () => ['thumb'] as const };
    const runner = createQcRunner({ concurrency: 1, thresholds: { maxPixels: 1_000_000 } });
    expect((await runner.check(await makeScene({ seed: 42 }), check)).thumbnails).toBeNull(); // 1.92 MP > 1 MP
    expect((await createQcRunner({ concurrency: 1 }).check(await makeScene({ seed: 42 }), check)).thumbnails).toMatchObject({ thumb: expect.any(Buffer) });
  });
});
