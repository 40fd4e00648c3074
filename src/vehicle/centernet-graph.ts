// MB3-CenterNet runs at a smaller input than the 512 pixels it was exported for (docs/capture.md#vehicle-check). The
// network is fully convolutional, but the export folded its 512-pixel input into a few constants: the sizes its feature
// pyramid is upsampled to (1/16, 1/8 and 1/4 of the side), the heat map's side (1/4) by which a peak's index is split
// into row and column, and the number of heat-map cells. Rewriting them and the input's declared shape runs the same
// weights on a smaller picture, for a fraction of the work. Pure: model files in, model files out.
import type { io } from '@tensorflow/tfjs-core';

/** The side the model was exported for. */
export const CENTERNET_EXPORTED_SIZE = 512;

/** The backbone's total stride: the side must divide into whole cells of its coarsest feature map. */
const STRIDE = 32;

const INPUT = 'tower_0/images';

/** Each constant that depends on the input side, as a function of it. */
const SIZED_CONSTANTS: Readonly<Record<string, (side: number) => number[]>> = {
  'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul': (side) => [side / 16, side / 16],
  'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul': (side) => [side / 8, side / 8],
  'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul': (side) => [side / 4, side / 4],
  'tower_0/strided_slice_6': (side) => [side / 4],
  'tower_0/BatchGather/concat': (side) => [(side / 4) ** 2, 4],
};

/** Bytes per stored value of a weight (quantized weights are stored narrower than their dtype). */
function bytesPerValue(spec: io.WeightsManifestEntry): number {
  const stored = spec.quantization?.dtype ?? spec.dtype;
  const size = { float32: 4, int32: 4, bool: 1, uint8: 1, uint16: 2, float16: 2 }[stored as string];
  if (size === undefined) throw new Error(`CenterNet weight ${spec.name} is stored as ${stored}, which this loader cannot place`);
  return size;
}

/**
 * The model files of CenterNet re-sized to `side` × `side` inputs. Throws when `side` is not a multiple of 32 or when
 * the graph's constants are not those of the export this was written for (another model file under the same name).
 */
export function resizeCenterNet(artifacts: io.ModelArtifacts, side: number): io.ModelArtifacts {
  if (!Number.isInteger(side) || side < STRIDE || side % STRIDE !== 0)
    throw new RangeError(`CenterNet's input side must be a multiple of ${STRIDE}, not ${side}`);
  const { weightSpecs, weightData, modelTopology } = artifacts;
  if (!weightSpecs || !(weightData instanceof ArrayBuffer) || !modelTopology || ArrayBuffer.isView(modelTopology))
    throw new Error('CenterNet model files without a graph or a single weights buffer');
  const data = weightData.slice(0);
  const found = new Set<string>();
  let offset = 0;
  for (const spec of weightSpecs) {
    const count = spec.shape.reduce((product, dimension) => product * dimension, 1);
    const sized = SIZED_CONSTANTS[spec.name];
    if (sized) {
      // Quantized weights before it leave the offset unaligned for an Int32Array; tfjs stores little-endian.
      const view = new DataView(data, offset, count * 4);
      const values = Array.from({ length: count }, (_, index) => view.getInt32(index * 4, true));
      const exported = sized(CENTERNET_EXPORTED_SIZE);
      if (spec.dtype !== 'int32' || spec.quantization || values.length !== exported.length || values.some((value, index) => value !== exported[index]))
        throw new Error(`CenterNet's ${spec.name} is not the constant this loader re-sizes (${values.join(', ')})`);
      for (const [index, value] of sized(side).entries()) view.setInt32(index * 4, value, true);
      found.add(spec.name);
    }
    offset += count * bytesPerValue(spec);
  }
  const missing = Object.keys(SIZED_CONSTANTS).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`CenterNet's graph lacks ${missing.join(', ')}`);

  const topology = structuredClone(modelTopology) as { node: { name: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] };
  const dims = topology.node.find((node) => node.name === INPUT)?.attr?.shape?.shape?.dim;
  if (dims?.length !== 4) throw new Error(`CenterNet's graph has no ${INPUT} input of four dimensions`);
  for (const axis of [1, 2]) (dims[axis] as { size: string }).size = String(side);
  return { ...artifacts, modelTopology: topology, weightData: data, signature: resizedSignature(artifacts.signature, side) };
}

/** The signature's input shape follows (the executor checks an input against it). */
function resizedSignature(signature: io.ModelArtifacts['signature'], side: number): io.ModelArtifacts['signature'] {
  if (!signature) return signature;
  const resized = structuredClone(signature) as { inputs?: Record<string, { tensorShape?: { dim?: { size: string }[] } }> };
  const dims = resized.inputs?.[INPUT]?.tensorShape?.dim;
  if (dims?.length === 4) for (const axis of [1, 2]) (dims[axis] as { size: string }).size = String(side);
  return resized;
}
