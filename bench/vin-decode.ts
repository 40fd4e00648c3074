// VIN barcode decoding cost: CPU time (process.cpuUsage, all threads) of one scan of a VIN photo, median of
// several runs, for a 12-megapixel phone photo and a 2560 px one, with a label, turned, and without one.
import { scanVinBarcode } from '../src/vin/barcode-scan.js';
import { makeVinLabelPhoto } from '../test/support/vin-labels.js';
import { makeScene } from '../test/support/images.js';

const VIN = '1HGCM82633A004352';
const RUNS = Number(process.env.VIN_BENCH_RUNS ?? 7);

async function measure(name: string, photo: Buffer): Promise<void> {
  await scanVinBarcode(photo, { maxPixels: 60_000_000 }); // warm-up: compiles the WebAssembly module once
  const cpu: number[] = [];
  let found: string | null = null;
  for (let run = 0; run < RUNS; run += 1) {
    const before = process.cpuUsage();
    const scan = await scanVinBarcode(photo, { maxPixels: 60_000_000 });
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    found = scan.vin ? `${scan.format} at ${scan.angle}°` : 'nothing';
  }
  cpu.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(44)} median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} ms CPU (min ${cpu[0]!.toFixed(0)}, max ${cpu.at(-1)!.toFixed(0)}) → ${found}`,
  );
}

for (const [width, height] of [
  [4000, 3000],
  [2560, 1920],
] as const) {
  const size = `${width}×${height}`;
  await measure(`${size} Code 39, level`, await makeVinLabelPhoto({ text: `I${VIN}`, symbology: 'code39', width, height }));
  await measure(`${size} Code 39, turned 12°`, await makeVinLabelPhoto({ text: `I${VIN}`, symbology: 'code39', width, height, angle: 12 }));
  await measure(`${size} DataMatrix, turned 10°`, await makeVinLabelPhoto({ text: VIN, symbology: 'datamatrix', width, height, angle: 10 }));
  await measure(`${size} no barcode (full sweep)`, await makeScene({ width, height, seed: 5 }));
}
