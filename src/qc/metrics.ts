// Pure image-quality metrics on an 8-bit grayscale buffer (row-major, one byte per pixel).
// QC runs them on a ~500-px-wide copy, so each one is a single cheap pass over ~200k pixels.

/** A grayscale image as produced by sharp `.grayscale().raw()`. */
export interface GrayImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/**
 * Variance of the 4-neighbour Laplacian over the interior pixels: high for crisp edges and fine texture, near 0
 * for out-of-focus or featureless images. Depends on the image scale, so always measure at the same width.
 */
export function laplacianVariance({ pixels, width, height }: GrayImage): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (let y = 1; y < height - 1; y += 1) {
    const row = y * width;
    for (let x = 1; x < width - 1; x += 1) {
      const index = row + x;
      const laplacian = pixels[index - 1]! + pixels[index + 1]! + pixels[index - width]! + pixels[index + width]! - 4 * pixels[index]!;
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
    }
  }
  const count = (width - 2) * (height - 2);
  const mean = sum / count;
  return sumOfSquares / count - mean * mean;
}

export interface ExposureStats {
  /** Mean luminance, 0-255. */
  meanLuminance: number;
  /** Share (0-1) of pixels at or below `darkLevel`: crushed shadows. */
  darkShare: number;
  /** Share (0-1) of pixels at or above `brightLevel`: blown highlights. */
  brightShare: number;
}

export function exposureStats(pixels: Uint8Array, levels: { darkLevel: number; brightLevel: number }): ExposureStats {
  if (pixels.length === 0) return { meanLuminance: 0, darkShare: 0, brightShare: 0 };
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (let index = 0; index < pixels.length; index += 1) {
    const value = pixels[index]!;
    sum += value;
    if (value <= levels.darkLevel) dark += 1;
    if (value >= levels.brightLevel) bright += 1;
  }
  return { meanLuminance: sum / pixels.length, darkShare: dark / pixels.length, brightShare: bright / pixels.length };
}

const HASH_INPUT_SIZE = 32;
const HASH_BLOCK_SIZE = 8;

// cos((2x + 1)uπ / 2N) for the 8 lowest frequencies u over the 32 sample positions x.
const DCT_COSINES: Float64Array[] = Array.from({ length: HASH_BLOCK_SIZE }, (_, frequency) =>
  Float64Array.from({ length: HASH_INPUT_SIZE }, (_, position) => Math.cos(((2 * position + 1) * frequency * Math.PI) / (2 * HASH_INPUT_SIZE))),
);

/** Box-averages the image down to 32×32 (aspect ratio ignored); every cell covers at least one pixel. */
function downsampleTo32({ pixels, width, height }: GrayImage): Float64Array {
  const cells = new Float64Array(HASH_INPUT_SIZE * HASH_INPUT_SIZE);
  const span = (cell: number, length: number): [number, number] => {
    const start = Math.min(length - 1, Math.floor((cell * length) / HASH_INPUT_SIZE));
    return [start, Math.max(start + 1, Math.floor(((cell + 1) * length) / HASH_INPUT_SIZE))];
  };
  for (let cellY = 0; cellY < HASH_INPUT_SIZE; cellY += 1) {
    const [y0, y1] = span(cellY, height);
    for (let cellX = 0; cellX < HASH_INPUT_SIZE; cellX += 1) {
      const [x0, x1] = span(cellX, width);
      let sum = 0;
      for (let y = y0; y < y1; y += 1) {
        const row = y * width;
        for (let x = x0; x < x1; x += 1) sum += pixels[row + x]!;
      }
      cells[cellY * HASH_INPUT_SIZE + cellX] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return cells;
}

/**
 * 64-bit DCT perceptual hash (pHash) as 16 lowercase hex characters: the 8×8 lowest DCT frequencies of a
 * 32×32 reduction, each bit set when the coefficient exceeds their median. Survives re-encoding and resizing.
 */
export function perceptualHash(image: GrayImage): string {
  if (image.width < 1 || image.height < 1) throw new RangeError('perceptualHash needs a non-empty image');
  const cells = downsampleTo32(image);
  // Separable 2-D DCT-II restricted to the low frequencies: rows first, then columns.
  const rowPass = new Float64Array(HASH_INPUT_SIZE * HASH_BLOCK_SIZE);
  for (let y = 0; y < HASH_INPUT_SIZE; y += 1) {
    for (let u = 0; u < HASH_BLOCK_SIZE; u += 1) {
      const cosines = DCT_COSINES[u]!;
      let sum = 0;
      for (let x = 0; x < HASH_INPUT_SIZE; x += 1) sum += cells[y * HASH_INPUT_SIZE + x]! * cosines[x]!;
      rowPass[y * HASH_BLOCK_SIZE + u] = sum;
    }
  }
  const coefficients = new Float64Array(HASH_BLOCK_SIZE * HASH_BLOCK_SIZE);
  for (let v = 0; v < HASH_BLOCK_SIZE; v += 1) {
    const cosines = DCT_COSINES[v]!;
    for (let u = 0; u < HASH_BLOCK_SIZE; u += 1) {
      let sum = 0;
      for (let y = 0; y < HASH_INPUT_SIZE; y += 1) sum += rowPass[y * HASH_BLOCK_SIZE + u]! * cosines[y]!;
      coefficients[v * HASH_BLOCK_SIZE + u] = sum;
    }
  }
  const sorted = Float64Array.from(coefficients).sort();
  const median = (sorted[31]! + sorted[32]!) / 2;
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 64; bit += 1) {
    if (coefficients[bit]! <= median) continue;
    if (bit < 32) high = (high | (1 << (31 - bit))) >>> 0;
    else low = (low | (1 << (63 - bit))) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

const HASH_PATTERN = /^[0-9a-f]{16}$/i;

export function isPerceptualHash(value: unknown): value is string {
  return typeof value === 'string' && HASH_PATTERN.test(value);
}

function popCount32(value: number): number {
  let bits = value >>> 0;
  bits -= (bits >>> 1) & 0x55555555;
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Number of differing bits (0-64) between two 16-hex-character hashes. */
export function hammingDistance(a: string, b: string): number {
  if (!isPerceptualHash(a) || !isPerceptualHash(b)) throw new RangeError('hammingDistance expects two 16-hex-character hashes');
  const half = (hash: string, start: number) => Number.parseInt(hash.slice(start, start + 8), 16);
  return popCount32(half(a, 0) ^ half(b, 0)) + popCount32(half(a, 8) ^ half(b, 8));
}
