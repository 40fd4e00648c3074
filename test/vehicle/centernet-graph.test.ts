// CenterNet re-sized to a smaller input (src/vehicle/centernet-graph.ts), on the model files of the installed package.
import { readFileSync } from 'node:fs';
import type { io } from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { centerNetFiles } from '../../src/vehicle/centernet.js';
import { resizeCenterNet } from '../../src/vehicle/centernet-graph.js';

function installedModel(): io.ModelArtifacts {
  const files = centerNetFiles();
  const json = JSON.parse(readFileSync(files.topology, 'utf8')) as io.ModelJSON;
  const weights = readFileSync(files.weights);
  return {
    modelTopology: json.modelTopology,
    signature: json.signature,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/** The int32 constants of a model's weights, by name. */
function int32Constants(model: io.ModelArtifacts): Map<string, number[]> {
  const constants = new Map<string, number[]>();
  let offset = 0;
  for (const spec of model.weightSpecs ?? []) {
    const count = spec.shape.reduce((product, dimension) => product * dimension, 1);
    if (spec.dtype === 'int32' && !spec.quantization) {
      const view = new DataView(model.weightData as ArrayBuffer, offset, count * 4);
      constants.set(
        spec.name,
        Array.from({ length: count }, (_, index) => view.getInt32(index * 4, true)),
      );
    }
    offset += count * (spec.quantization ? (spec.quantization.dtype === 'uint8' ? 1 : 2) : 4);
  }
  return constants;
}

const inputShape = (model: io.ModelArtifacts) =>
  (model.modelTopology as { node: { name: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] }).node
    .find((node) => node.name === 'tower_0/images')
    ?.attr?.shape?.shape?.dim?.map((dim) => Number(dim.size));

describe('resizeCenterNet', () => {
  it('rewrites the input shape and the constants the export folded its 512 pixels into', () => {
    const original = installedModel();
    const resized = resizeCenterNet(original, 448);
    expect(inputShape(original)).toEqual([1, 512, 512, 3]);
    expect(inputShape(resized)).toEqual([1, 448, 448, 3]);
    const before = int32Constants(original);
    const after = int32Constants(resized);
    expect(before.get('tower_0/BatchGather/concat')).toEqual([128 * 128, 4]);
    expect(after.get('tower_0/CenternetHead/c5_upsample/up_sampling2d/mul')).toEqual([28, 28]);
    expect(after.get('tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul')).toEqual([56, 56]);
    expect(after.get('tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul')).toEqual([112, 112]);
    expect(after.get('tower_0/strided_slice_6')).toEqual([112]);
    expect(after.get('tower_0/BatchGather/concat')).toEqual([112 * 112, 4]);
    // Nothing else changes, and the package's copy is left as it was.
    const changed = [...after].filter(([name, values]) => JSON.stringify(values) !== JSON.stringify(before.get(name))).map(([name]) => name);
    expect(changed).toHaveLength(5);
    expect(int32Constants(installedModel())).toEqual(before);
    expect(resizeCenterNet(original, 512).weightData).toEqual(original.weightData);
  });

  it('refuses a side that is not a multiple of 32, and a graph whose constants it does not know', () => {
    expect(() => resizeCenterNet(installedModel(), 400)).toThrow(/multiple of 32/);
    const other = resizeCenterNet(installedModel(), 448);
    expect(() => resizeCenterNet(other, 384)).toThrow(/not the constant this loader re-sizes/);
  });
});
