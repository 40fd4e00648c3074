// The VIN reader's worker thread: it reads labels off the event loop, and a stuck or broken read gives null
// instead of an error, so a capture never fails because of its barcode.
import { afterEach, describe, expect, it } from 'vitest';
import { createVinReader, type VinReader } from '../../src/vin/vin-reader.js';
import { makeVinLabelPhoto } from '../support/vin-labels.js';

const VIN = '1HGCM82633A004352';
let reader: VinReader | null = null;

afterEach(async () => {
  await reader?.close();
  reader = null;
});

describe('createVinReader', () => {
  it('reads a tilted Code 39 import label in the worker and reports its CPU time', async () => {
    reader = createVinReader({ maxPixels: 50_000_000 });
    const reading = await reader.read(await makeVinLabelPhoto({ text: `I${VIN}`, symbology: 'code39', angle: -10 }));
    expect(reading).toMatchObject({ vin: VIN, format: 'Code39' });
    expect(reading!.angle).not.toBe(0);
    expect(reading!.cpuMs).toBeGreaterThan(0);
  });

  it('gives null for an unreadable upload and keeps working after it', async () => {
    reader = createVinReader({ maxPixels: 50_000_000 });
    expect(await reader.read(Buffer.from('not an image at all'))).toBeNull();
    expect(await reader.read(await makeVinLabelPhoto({ text: VIN, symbology: 'datamatrix' }))).toMatchObject({ vin: VIN });
  });

  it('gives null for a photo it cannot read in time', async () => {
    reader = createVinReader({ maxPixels: 50_000_000, timeoutMs: 1 });
    expect(await reader.read(await makeVinLabelPhoto({ text: VIN, symbology: 'qrcode' }))).toBeNull();
  });
});
