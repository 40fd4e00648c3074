// The object detector behind the vehicle check (docs/capture.md#vehicle-check): MB3-CenterNet trained on COCO, as
// shipped in the installed @vladmandic/human package (models/centernet.json + .bin, MIT), run by TensorFlow.js on its
// WebAssembly backend whose .wasm files ship in @tensorflow/tfjs-backend-wasm. Everything is read from node_modules
// with the file system: Node's fetch cannot read file:// and nothing is fetched from a network.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { io } from '@tensorflow/tfjs-core';
import type { VehicleDetection, VehicleLabel } from '../domain/vehicle-check.js';
import { resizeCenterNet } from './centernet-graph.js';

const require = createRequire(import.meta.url);

/**
 * The model's input: a 448×448 RGB picture, values 0–255, stretched from the photo (no letterbox). The model was exported
 * for 512 and is re-sized at load (centernet-graph.ts): at 448 it does three quarters of the work (77 % of the pixels)
 * and, with one vehicle's classes merged (src/domain/vehicle-check.ts), judged the evaluation set
 * (docs/capture.md#vehicle-check) at least as well as at 512 on every flag.
 */
export const CENTERNET_INPUT_SIZE = 448;

/** COCO class index (the model's 0-based class output) → the vehicle labels the check cares about. */
const VEHICLE_CLASSES: ReadonlyMap<number, VehicleLabel> = new Map([
  [2, 'car'],
  [3, 'motorcycle'],
  [5, 'bus'],
  [7, 'truck'],
]);

/** Detections below this are dropped here already; the check's own threshold (src/domain) is higher. */
const FLOOR_SCORE = 0.1;

export interface CenterNet {
  /** Vehicle detections of a `CENTERNET_INPUT_SIZE`-square RGB picture (its side squared × 3 bytes). */
  detect(rgb: Uint8Array): Promise<VehicleDetection[]>;
}

/** The model and WebAssembly files inside the installed packages. */
export function centerNetFiles() {
  // @vladmandic/human exports no package.json; its Node entry is dist/human.node.js, the models sit beside dist/.
  const models = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const wasm = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '/');
  return { topology: join(models, 'centernet.json'), weights: join(models, 'centernet.bin'), wasm };
}

/** Loads TensorFlow.js's WebAssembly backend (one thread, with SIMD where the CPU has it) and the model. */
export async function loadCenterNet(): Promise<CenterNet> {
  const files = centerNetFiles();
  const tf = await import('@tensorflow/tfjs-core');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  // A file path prefix: the backend's Emscripten loader reads it with fs under Node.
  setWasmPaths(files.wasm);
  // One thread per detector: the pool of workers, not the backend, decides how many cores the check takes.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend could not start');
  await tf.ready();
  const model = await loadGraphModel(fileHandler(files.topology, files.weights, CENTERNET_INPUT_SIZE));

  const centerNet: CenterNet = {
    async detect(rgb) {
      const size = CENTERNET_INPUT_SIZE;
      if (rgb.length !== size * size * 3) throw new RangeError(`expected ${size}×${size} RGB, got ${rgb.length} bytes`);
      const output = tf.tidy(
        () => model.execute(tf.tensor4d(Float32Array.from(rgb), [1, size, size, 3]), ['tower_0/detections']) as ReturnType<typeof tf.tensor>,
      );
      // [1, 100, 6]: x1, y1, x2, y2 in input pixels, score, class; best first.
      const rows = (await output.data()) as Float32Array;
      output.dispose();
      const detections: VehicleDetection[] = [];
      for (let offset = 0; offset + 6 <= rows.length; offset += 6) {
        const score = rows[offset + 4] as number;
        const label = VEHICLE_CLASSES.get(rows[offset + 5] as number);
        if (!label || !(score >= FLOOR_SCORE)) continue;
        const [x1, y1, x2, y2] = [rows[offset], rows[offset + 1], rows[offset + 2], rows[offset + 3]].map((value) => (value as number) / size) as [
          number,
          number,
          number,
          number,
        ];
        detections.push({ label, box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1, score } });
      }
      return detections;
    },
  };
  // One run on a blank picture compiles and sizes everything, so the first photo is not the slow one.
  await centerNet.detect(new Uint8Array(CENTERNET_INPUT_SIZE * CENTERNET_INPUT_SIZE * 3));
  return centerNet;
}

/** A TensorFlow.js IO handler that reads CenterNet's JSON and its single weights file from disk, re-sized to `side`. */
function fileHandler(topologyFile: string, weightsFile: string, side: number): io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(await readFile(topologyFile, 'utf8')) as io.ModelJSON;
      const weights = await readFile(weightsFile);
      return resizeCenterNet(
        {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        },
        side,
      );
    },
  };
}
