import { beforeAll, describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { analyzePhoto } from '../../src/qc/analyze.js';
import type { QcVerdict } from '../../src/qc/analyze.js';
import { hammingDistance } from '../../src/qc/metrics.js';
import { DEFAULT_QC_THRESHOLDS } from '../../src/qc/thresholds.js';
import {
  makeBlurred,
  makeBright,
  makeDark,
  makeGif,
  makeNonImage,
  makePngBomb,
  makeScene,
  makeTiny,
  makeTruncatedJpeg,
  makeUniform,
} from '../support/images.js';

const defaults = DEFAULT_QC_THRESHOLDS;

// Each English reason's opening and the rejection code that must come with it.
const CODE_OF_REASON: [string, string][] = [
  ['Photo is blurry', 'BLURRY'],
  ['Photo is too dark', 'TOO_DARK'],
  ['Photo is too bright', 'TOO_BRIGHT'],
  ['Unsupported file type', 'UNSUPPORTED_TYPE'],
  ['Photo could not be read', 'UNREADABLE'],
  ['Photo is too small', 'TOO_SMALL'],
  ['Photo file is too large', 'TOO_LARGE'],
  ['Photo is too large', 'TOO_MANY_PIXELS'],
  ['Photo is a duplicate', 'DUPLICATE'],
];

function expectRejected(verdict: QcVerdict, reasonStart: string): void {
  expect(verdict.accepted).toBe(false);
  expect(verdict.reason).toMatch(new RegExp(`^${reasonStart}`));
  expectCodeMatchesReason(verdict);
  expectCodeMatchesReason(verdict);
}

function expectCodeMatchesReason(verdict: QcVerdict): void {
  const expected = CODE_OF_REASON.find(([start]) => verdict.reason?.startsWith(start))?.[1];
  expect(expected, `no code known for reason ${verdict.reason}`).toBeDefined();
  expect(verdict.rejectionCode).toBe(expected);
}

describe('analyzePhoto', () => {
  let scene: Buffer;
  let sceneVerdict: QcVerdict;

  beforeAll(async () => {
    scene = await makeScene({ seed: 1 });
    sceneVerdict = await analyzePhoto(scene);
  });

  describe('accepts', () => {
    it('a sharp, well-exposed 1600×1200 JPEG scene, with its metrics and hash', () => {
      expect(sceneVerdict).toMatchObject({ accepted: true, reason: null, rejectionCode: null, mimeType: 'image/jpeg', width: 1600, height: 1200 });
      expect(sceneVerdict.hash).toMatch(/^[0-9a-f]{16}$/);
      const { sharpness, meanLuminance, darkShare, brightShare } = sceneVerdict.metrics;
      // Comfortable margins, not just a pass: the defaults must not be on the edge for ordinary photos.
      expect(sharpness).toBeGreaterThan(3 * defaults.minSharpness);
      expect(meanLuminance).toBeGreaterThan(defaults.minMeanLuminance + 40);
      expect(meanLuminance).toBeLessThan(defaults.maxMeanLuminance - 40);
      expect(darkShare).toBeLessThan(0.05);
      expect(brightShare).toBeLessThan(0.05);
    });

    it('the same kind of scene as PNG and WebP', async () => {
      const png = await analyzePhoto(await makeScene({ seed: 2, format: 'png' }));
      const webp = await analyzePhoto(await makeScene({ seed: 2, format: 'webp' }));
      expect(png).toMatchObject({ accepted: true, mimeType: 'image/png', width: 1600, height: 1200 });
      expect(webp).toMatchObject({ accepted: true, mimeType: 'image/webp', width: 1600, height: 1200 });
    });

    it('scenes from other seeds, each well clear of the blur threshold', async () => {
      for (const seed of [3, 4, 5]) {
        const verdict = await analyzePhoto(await makeScene({ seed }));
        expect(verdict.reason).toBeNull();
        expect(verdict.metrics.sharpness).toBeGreaterThan(3 * defaults.minSharpness);
      }
    });

    it('a portrait-stored photo whose EXIF orientation makes it landscape, reporting displayed dimensions', async () => {
      const rotated = await analyzePhoto(await makeScene({ seed: 6, width: 800, height: 1100, orientation: 6 }));
      expect(rotated).toMatchObject({ accepted: true, width: 1100, height: 800 });
    });
  });

  describe('rejects as blurry', () => {
    it('a uniform grey image', async () => {
      const verdict = await analyzePhoto(await makeUniform());
      expectRejected(verdict, 'Photo is blurry');
      expect(verdict.metrics.sharpness).toBe(0);
    });

    it('a heavily blurred scene, far below the threshold', async () => {
      const verdict = await analyzePhoto(await makeBlurred({ seed: 1 }));
      expectRejected(verdict, 'Photo is blurry');
      expect(verdict.metrics.sharpness).toBeLessThan(defaults.minSharpness / 3);
      expect(verdict.hash).toMatch(/^[0-9a-f]{16}$/);
    });
  });

  describe('rejects for exposure', () => {
    it('a near-black image as too dark (not as blurry)', async () => {
      const verdict = await analyzePhoto(await makeDark({ seed: 1 }));
      expectRejected(verdict, 'Photo is too dark');
      expect(verdict.metrics.meanLuminance).toBeLessThan(defaults.minMeanLuminance / 3);
      expect(verdict.metrics.darkShare).toBeGreaterThan(defaults.maxDarkShare);
    });

    it('a washed-out image as too bright', async () => {
      const verdict = await analyzePhoto(await makeBright({ seed: 1 }));
      expectRejected(verdict, 'Photo is too bright');
      expect(verdict.metrics.meanLuminance).toBeGreaterThan(defaults.maxMeanLuminance + 15);
    });

    it('an image that is mostly crushed black even though its mean passes', async () => {
      const verdict = await analyzePhoto(await makeScene({ seed: 1 }), {
        thresholds: { minMeanLuminance: 0, darkLevel: 120, maxDarkShare: 0.2 },
      });
      expect(verdict.reason).toMatch(/^Photo is too dark: \d+% of it is black, at most 20% allowed$/);
      expectCodeMatchesReason(verdict);
    });
  });

  describe('rejects as too small or too large', () => {
    it('an 800×600 photo, naming both sizes', async () => {
      const verdict = await analyzePhoto(await makeTiny());
      expect(verdict).toMatchObject({
        accepted: false,
        reason: 'Photo is too small: 800×600, at least 1024×768 required',
        width: 800,
        height: 600,
        hash: null,
      });
    });

    it('a photo too small once its EXIF orientation is applied', async () => {
      const verdict = await analyzePhoto(await makeScene({ seed: 6, width: 1100, height: 800, orientation: 6 }));
      expect(verdict.reason).toBe('Photo is too small: 800×1100, at least 1024×768 required');
      expectCodeMatchesReason(verdict);
    });

    it('a file over the byte limit, before decoding anything', async () => {
      const verdict = await analyzePhoto(scene, { thresholds: { maxBytes: 100_000 } });
      expect(verdict).toMatchObject({ accepted: false, mimeType: null, width: null });
      expect(verdict.reason).toMatch(/^Photo file is too large: [\d.]+ MB, at most 0\.1 MB allowed$/);
      expectCodeMatchesReason(verdict);
    });

    it('an image with more pixels than the decode limit (decompression-bomb guard)', async () => {
      const verdict = await analyzePhoto(await makePngBomb({ width: 12_000, height: 10_000 }));
      expect(verdict.reason).toBe('Photo is too large: 12000×10000, at most 50 megapixels allowed');
      expectCodeMatchesReason(verdict);
      expect(verdict.hash).toBeNull();
    });
  });

  describe('rejects unsupported or unreadable input without throwing', () => {
    it('random bytes, a PDF and a GIF as unsupported', async () => {
      for (const bytes of [await makeNonImage({ kind: 'random' }), await makeNonImage({ kind: 'pdf' }), await makeGif()]) {
        const verdict = await analyzePhoto(bytes);
        expectRejected(verdict, 'Unsupported file type');
        expect(verdict).toMatchObject({ mimeType: null, width: null, height: null, hash: null, metrics: {} });
      }
    });

    it('a truncated JPEG as unreadable', async () => {
      const verdict = await analyzePhoto(await makeTruncatedJpeg({ seed: 1 }));
      expectRejected(verdict, 'Photo could not be read');
      expect(verdict.mimeType).toBe('image/jpeg');
      expect(verdict.hash).toBeNull();
    });

    it('a JPEG signature followed by garbage, and an empty upload, as unreadable', async () => {
      const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), await makeNonImage({ size: 2048 })]);
      expectRejected(await analyzePhoto(fakeJpeg), 'Photo could not be read');
      expectRejected(await analyzePhoto(Buffer.alloc(0)), 'Photo could not be read');
    });

    it('a value that is not bytes at all', async () => {
      const verdict = await analyzePhoto('not a buffer' as unknown as Buffer);
      expectRejected(verdict, 'Photo could not be read');
    });
  });

  describe('duplicates within a session', () => {
    it('rejects the same image submitted for a second photo code', async () => {
      const verdict = await analyzePhoto(scene, {
        acceptedPhotos: [{ photoCode: 4, photoLabel: 'Left', hash: sceneVerdict.hash! }],
      });
      expect(verdict.reason).toBe('Photo is a duplicate of photo 4 (Left)');
      expectCodeMatchesReason(verdict);
      expect(verdict.hash).toBe(sceneVerdict.hash);
    });

    it('recognises the same picture re-encoded smaller and at lower quality', async () => {
      const reencoded = await sharp(scene).resize({ width: 1280 }).jpeg({ quality: 60 }).toBuffer();
      const verdict = await analyzePhoto(reencoded, {
        acceptedPhotos: [{ photoCode: 5, photoLabel: 'Front', hash: sceneVerdict.hash! }],
      });
      expect(verdict.reason).toBe('Photo is a duplicate of photo 5 (Front)');
      expectCodeMatchesReason(verdict);
    });

    it('names the closest match and skips malformed stored hashes', async () => {
      const hash = sceneVerdict.hash!;
      const oneBitOff = (hash.slice(0, 15) + (Number.parseInt(hash.slice(15), 16) ^ 1).toString(16)).padEnd(16, '0');
      const threeBitsOff = (Number.parseInt(hash.slice(0, 1), 16) ^ 7).toString(16) + hash.slice(1);
      const verdict = await analyzePhoto(scene, {
        acceptedPhotos: [
          { photoCode: 2, photoLabel: 'Interior', hash: 'not-a-hash' },
          { photoCode: 7, photoLabel: 'Right', hash: threeBitsOff },
          { photoCode: 8, photoLabel: 'Rear', hash: oneBitOff },
        ],
      });
      expect(verdict.reason).toBe('Photo is a duplicate of photo 8 (Rear)');
      expectCodeMatchesReason(verdict);
    });

    it('does not flag two different scenes, whose hashes are far apart', async () => {
      const other = await analyzePhoto(await makeScene({ seed: 2 }), {
        acceptedPhotos: [{ photoCode: 4, photoLabel: 'Left', hash: sceneVerdict.hash! }],
      });
      expect(other.accepted).toBe(true);
      expect(hammingDistance(other.hash!, sceneVerdict.hash!)).toBeGreaterThan(2 * defaults.maxDuplicateDistance);
    });
  });

  describe('thresholds', () => {
    it('are configurable per call', async () => {
      expectRejected(await analyzePhoto(scene, { thresholds: { minSharpness: 1e6 } }), 'Photo is blurry');
      expect((await analyzePhoto(scene, { thresholds: { minWidth: 2000 } })).reason).toBe('Photo is too small: 1600×1200, at least 2000×768 required');
      expect((await analyzePhoto(await makeTiny(), { thresholds: { minWidth: 640, minHeight: 480 } })).accepted).toBe(true);
    });

    it('keep their defaults when an override is undefined', async () => {
      const verdict = await analyzePhoto(await makeTiny(), { thresholds: { minWidth: undefined } });
      expectRejected(verdict, 'Photo is too small');
    });
  });
});
