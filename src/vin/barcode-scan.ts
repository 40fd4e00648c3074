// Reads the VIN barcode of a VIN photo (docs/capture.md) with zxing-wasm. Runs inside the VIN worker thread (see
// vin-reader.ts), never on the server's event loop: a sweep of rotated, downscaled grayscale copies made with sharp.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp, { type OutputInfo } from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { findVinInTexts } from '../domain/vin.js';

const require = createRequire(import.meta.url);

/** The reader's WebAssembly binary, inside the installed package: it is read from disk, never fetched from a CDN. */
export const ZXING_WASM_PATH = require.resolve('zxing-wasm/reader/zxing_reader.wasm');

/**
 * Angles tried in turn, degrees clockwise. The first pass reads every format and lets the reader try quarter turns
 * too (a label photographed sideways); DataMatrix and QR detectors find a code at any angle, so the tilted passes
 * only look for the linear codes, whose scan lines miss a tilted label.
 */
export const SWEEP_ANGLES = [0, 8, -8, 15, -15] as const;

/**
 * Long edge of the grayscale copy the reader sees: about 2 pixels per narrow bar of a Code 39 VIN label across 60%
 * of the frame (a label across less than half of it reads unreliably). Up to here a 12-megapixel JPEG still decodes
 * with libjpeg's shrink-on-load, which most of the budget depends on (1600 px costs two and a half times as much).
 */
export const SCAN_LONG_EDGE = 1280;

const FIRST_PASS: ReaderOptions = {
  formats: ['Code39', 'Code128', 'DataMatrix', 'QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 4,
  textMode: 'Plain',
};
const TILTED_PASS: ReaderOptions = { ...FIRST_PASS, formats: ['Code39', 'Code128'], tryRotate: false, tryDownscale: false };

let prepared = false;

function prepareReader(): void {
  if (prepared) return;
  const wasm = readFileSync(ZXING_WASM_PATH);
  prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
      // Any other file the module asks for resolves beside the binary on disk, so no URL is ever built.
      locateFile: (path: string) => ZXING_WASM_PATH.replace(/zxing_reader\.wasm$/, path),
    },
  });
  prepared = true;
}

export interface VinScan {
  vin: string | null;
  /** The sweep angle and barcode format of the read that gave the VIN; null when none did. */
  angle: number | null;
  format: string | null;
  /** Every text decoded on the way, for diagnostics. */
  texts: string[];
}

export interface ScanLimits {
  /** Refuse images with more pixels than this (decompression-bomb guard, as QC). */
  maxPixels: number;
}

/** Decodes the photo once to a small grayscale copy, then tries each sweep angle until a VIN is read. */
export async function scanVinBarcode(bytes: Uint8Array, limits: ScanLimits): Promise<VinScan> {
  prepareReader();
  const base = await sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels })
    .rotate()
    .resize({ width: SCAN_LONG_EDGE, height: SCAN_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const texts: string[] = [];
  for (const angle of SWEEP_ANGLES) {
    const gray = angle === 0 ? { data: base.data, info: base.info } : await rotated(base.data, base.info, angle);
    const results = await readBarcodes(toImageData(gray.data, gray.info.width, gray.info.height), angle === 0 ? FIRST_PASS : TILTED_PASS);
    for (const result of results) {
      if (!result.isValid) continue;
      texts.push(result.text);
      const vin = findVinInTexts([result.text]);
      if (vin) return { vin, angle, format: result.format, texts };
    }
  }
  return { vin: null, angle: null, format: null, texts };
}

async function rotated(data: Buffer, info: OutputInfo, angle: number) {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .rotate(angle, { background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

// zxing-wasm takes ImageData-shaped RGBA; grey levels are copied into R, G and B.
function toImageData(gray: Uint8Array, width: number, height: number) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let index = 0, offset = 0; index < width * height; index += 1, offset += 4) {
    const level = gray[index]!;
    rgba[offset] = level;
    rgba[offset + 1] = level;
    rgba[offset + 2] = level;
    rgba[offset + 3] = 255;
  }
  return { data: rgba, width, height, colorSpace: 'srgb' as const };
}
