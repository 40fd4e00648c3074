// The VIN barcode scan in-process: which formats and tilts it reads, what it refuses, and that its WebAssembly
// comes from the installed package, never from the network.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sep } from 'node:path';
import { existsSync } from 'node:fs';
import { scanVinBarcode, ZXING_WASM_PATH } from '../../src/vin/barcode-scan.js';
import { makeVinLabelPhoto, makeVinlessPhoto } from '../support/vin-labels.js';

const VIN = '1HGCM82633A004352';
const LIMITS = { maxPixels: 50_000_000 };

describe('scanVinBarcode', () => {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('network access during VIN decoding')));
  const realFetch = globalThis.fetch;

  beforeAll(() => {
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('loads the reader from the installed package without fetching anything', async () => {
    expect(ZXING_WASM_PATH.split(sep)).toContain('node_modules');
    expect(existsSync(ZXING_WASM_PATH)).toBe(true);
    const scan = await scanVinBarcode(await makeVinLabelPhoto({ text: VIN, symbology: 'code128' }), LIMITS);
    expect(scan.vin).toBe(VIN);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['code39', `I${VIN}`, 0],
    ['code39', `I${VIN}`, 6],
    ['code39', `I${VIN}`, -12],
    ['code39', `I${VIN}`, 90],
    ['code128', VIN, 9],
    ['code128', VIN, -16],
    ['datamatrix', VIN, 25],
    ['qrcode', `VIN:${VIN};MAKE:HONDA;MODEL:ACCORD`, -35],
  ] as const)('reads a %s label holding "%s" turned %i°', async (symbology, text, angle) => {
    const scan = await scanVinBarcode(await makeVinLabelPhoto({ text, symbology, angle, seed: angle + 40 }), LIMITS);
    expect(scan).toMatchObject({ vin: VIN });
    expect(scan.format?.toLowerCase()).toContain(symbology === 'qrcode' ? 'qr' : symbology === 'datamatrix' ? 'datamatrix' : symbology);
  });

  it('reads nothing from a photo without a barcode', async () => {
    expect(await scanVinBarcode(await makeVinlessPhoto(), LIMITS)).toEqual({ vin: null, angle: null, format: null, texts: [] });
  });

  it('refuses a barcode whose VIN fails the check digit, but keeps its text for diagnostics', async () => {
    const misprinted = '1HGCM82623A004352';
    const scan = await scanVinBarcode(await makeVinLabelPhoto({ text: misprinted, symbology: 'code128' }), LIMITS);
    expect(scan.vin).toBeNull();
    expect(scan.texts).toContain(misprinted);
  });

  it('refuses an image above the pixel limit', async () => {
    await expect(scanVinBarcode(await makeVinlessPhoto(), { maxPixels: 1_000_000 })).rejects.toThrow();
  });
});
