// Photos of VIN labels for the barcode tests: a real barcode drawn by bwip-js, printed on a white label, turned a
// few degrees and laid on a photo-like scene with sensor grain, as a phone would photograph a door-jamb label.
import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { makeScene, seededRandom } from './images.js';

export type LabelSymbology = 'code39' | 'code128' | 'datamatrix' | 'qrcode';

export interface VinPhotoOptions {
  /** What the barcode holds (e.g. "I" + VIN for an imported-vehicle Code 39 label). */
  text: string;
  symbology: LabelSymbology;
  width?: number;
  height?: number;
  /** Degrees clockwise the label is turned in the photo. */
  angle?: number;
  /** Width of the barcode as a fraction of the photo width (default 0.6 for 1D, 0.18 for 2D codes). */
  labelFraction?: number;
  seed?: number;
  /** Amplitude of the grain added over the whole photo, in 8-bit levels. */
  grain?: number;
}

export async function makeVinLabelPhoto(options: VinPhotoOptions): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const twoDimensional = options.symbology === 'datamatrix' || options.symbology === 'qrcode';
  const barcode = await bwipjs.toBuffer({
    bcid: options.symbology,
    text: options.text,
    scale: 4,
    ...(twoDimensional ? {} : { height: 10 }),
    paddingwidth: twoDimensional ? 4 : 12,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  const labelWidth = Math.round(width * (options.labelFraction ?? (twoDimensional ? 0.18 : 0.6)));
  const label = await sharp(barcode)
    .resize({ width: labelWidth, kernel: 'cubic' })
    .ensureAlpha()
    .rotate(options.angle ?? 0, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scene = await makeScene({ width, height, seed: options.seed ?? 3 });
  const left = Math.max(0, Math.round((width - label.info.width) / 2));
  const top = Math.max(0, Math.round((height - label.info.height) / 2));
  const composed = await sharp(scene)
    .composite([{ input: label.data, left, top }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addGrain(composed.data, options.grain ?? 10, options.seed ?? 3);
  return sharp(composed.data, { raw: { width: composed.info.width, height: composed.info.height, channels: composed.info.channels } })
    .blur(0.6)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Photo-like scene with no barcode at all. */
export function makeVinlessPhoto(seed = 5): Promise<Buffer> {
  return makeScene({ width: 1600, height: 1200, seed });
}

function addGrain(pixels: Buffer, amplitude: number, seed: number): void {
  const random = seededRandom(seed * 7919);
  for (let index = 0; index < pixels.length; index += 1) {
    const value = pixels[index]! + (random() - 0.5) * 2 * amplitude;
    pixels[index] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
}
