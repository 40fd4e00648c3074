// Real test images made with sharp: well-exposed seeded scenes and the faulty kinds photo QC must reject.
// Deterministic: the same options always give the same bytes' content, so thresholds can be calibrated on them.
// Rendering a scene costs ~0.4 s of CPU, so scenes are kept by content: in memory, and in a folder under the system's
// temporary directory shared by the test workers (keyed by the options and this file's own source, so a change to
// the generator never serves an old image).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

export type SceneFormat = 'jpeg' | 'png' | 'webp';

export interface SceneOptions {
  width?: number;
  height?: number;
  /** Different seeds give perceptually different scenes (layout, colours, grain). */
  seed?: number;
  format?: SceneFormat;
  /** Amplitude of the per-channel sensor-like grain, in 8-bit levels. */
  grain?: number;
  /** EXIF orientation tag (1-8) to write; the pixels are stored as generated. */
  orientation?: number;
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Mulberry32: tiny seeded PRNG; `state` is where it stands, so a hot loop can carry on the same sequence inline. */
class Mulberry32 {
  constructor(public state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** Mulberry32: tiny seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  const generator = new Mulberry32(seed >>> 0);
  return () => generator.next();
}

function randomColour(random: () => number, min = 40, max = 230): string {
  const channel = () => Math.round(min + random() * (max - min));
  return `rgb(${channel()},${channel()},${channel()})`;
}

/** Gradient background plus a dozen random shapes; sizes are relative so any resolution looks alike. */
function sceneSvg(width: number, height: number, random: () => number): string {
  const size = Math.min(width, height);
  const angle = random() * 360;
  const shapes: string[] = [];
  // A large light or dark block in a random place gives each scene a distinct low-frequency layout.
  shapes.push(
    `<rect x="${random() * width * 0.6}" y="${random() * height * 0.6}" width="${width * (0.25 + random() * 0.3)}" ` +
      `height="${height * (0.25 + random() * 0.3)}" fill="${random() < 0.5 ? randomColour(random, 20, 70) : randomColour(random, 190, 240)}"/>`,
  );
  for (let index = 0; index < 12; index += 1) {
    const fill = randomColour(random);
    const stroke = randomColour(random, 10, 245);
    const strokeWidth = (size * (0.002 + random() * 0.01)).toFixed(1);
    const x = random() * width;
    const y = random() * height;
    const extent = size * (0.05 + random() * 0.25);
    const kind = index % 4;
    if (kind === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${extent / 2}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`);
    } else if (kind === 1) {
      shapes.push(
        `<rect x="${x}" y="${y}" width="${extent}" height="${extent * (0.4 + random())}" fill="${fill}" ` +
          `stroke="${stroke}" stroke-width="${strokeWidth}" transform="rotate(${random() * 90} ${x} ${y})"/>`,
      );
    } else if (kind === 2) {
      const points = [0, 1, 2].map(() => `${x + (random() - 0.5) * extent * 2},${y + (random() - 0.5) * extent * 2}`);
      shapes.push(`<polygon points="${points.join(' ')}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`);
    } else {
      shapes.push(`<ellipse cx="${x}" cy="${y}" rx="${extent}" ry="${extent / 3}" fill="${fill}"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${randomColour(random, 60, 200)}"/><stop offset="1" stop-color="${randomColour(random, 60, 200)}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>${shapes.join('')}</svg>`
  );
}

async function renderScene(width: number, height: number, seed: number, grain: number): Promise<RawImage> {
  const generator = new Mulberry32(seed >>> 0);
  const { data } = await sharp(Buffer.from(sceneSvg(width, height, () => generator.next())))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addGrain(data, generator.state, grain);
  return { data, width, height };
}

/**
 * Triangular noise (sum of two uniforms) looks like sensor grain and gives real high-frequency detail. The generator
 * is stepped inline (the same numbers as Mulberry32.next, twice per byte): a call per number took twice as long, and
 * this loop over every byte of every scene is most of what a scene costs to make on a machine that has none yet.
 */
function addGrain(data: Buffer, startState: number, grain: number): void {
  let state = startState;
  const length = data.length;
  for (let index = 0; index < length; index += 1) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const first = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    state = (state + 0x6d2b79f5) >>> 0;
    t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const second = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    const value = Math.round(data[index]! + (first + second - 1) * grain);
    data[index] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
}

function fromRaw(image: RawImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

function encode(pipeline: Sharp, format: SceneFormat, orientation?: number): Promise<Buffer> {
  const oriented = orientation === undefined ? pipeline : pipeline.withMetadata({ orientation });
  if (format === 'png') return oriented.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'webp') return oriented.webp({ quality: 90 }).toBuffer();
  return oriented.jpeg({ quality: 90 }).toBuffer();
}

async function sceneRaw(options: SceneOptions): Promise<RawImage> {
  return renderScene(options.width ?? 1600, options.height ?? 1200, options.seed ?? 1, options.grain ?? 12);
}

const CACHE_FOLDER = join(tmpdir(), 'capture-gateway-test-images');
const GENERATOR_VERSION = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex')
  .slice(0, 16);
const remembered = new Map<string, Promise<Buffer>>();

/** The image `make` produces for `kind` and `options`, made once per machine. */
function cachedImage(kind: string, options: object, make: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([GENERATOR_VERSION, kind, options]))
    .digest('hex');
  let image = remembered.get(key);
  if (!image) {
    image = readOrMake(join(CACHE_FOLDER, `${key}.img`), make);
    remembered.set(key, image);
  }
  // A copy: a caller may write into its buffer.
  return image.then((bytes) => Buffer.from(bytes));
}

async function readOrMake(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return readFileSync(file);
  } catch {
    const bytes = await make();
    mkdirSync(CACHE_FOLDER, { recursive: true });
    // Written aside, then renamed: a worker reading at the same time sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return bytes;
  }
}

/** A sharp, well-exposed photo-like scene (default 1600×1200 JPEG). */
export function makeScene(options: SceneOptions = {}): Promise<Buffer> {
  return cachedImage('scene', options, async () => encode(fromRaw(await sceneRaw(options)), options.format ?? 'jpeg', options.orientation));
}

/** The scene under a Gaussian blur of `sigma` pixels (default: heavily out of focus). */
export function makeBlurred(options: SceneOptions & { sigma?: number } = {}): Promise<Buffer> {
  return cachedImage('blurred', options, async () => encode(fromRaw(await sceneRaw(options)).blur(options.sigma ?? 8), options.format ?? 'jpeg'));
}

/** The scene at about 5% of its brightness: a near-black shot. */
export function makeDark(options: SceneOptions = {}): Promise<Buffer> {
  return cachedImage('dark', options, async () => encode(fromRaw(await sceneRaw(options)).linear(0.05, 0), options.format ?? 'jpeg'));
}

/** The scene washed out towards white: most pixels clipped. */
export function makeBright(options: SceneOptions = {}): Promise<Buffer> {
  return cachedImage('bright', options, async () => encode(fromRaw(await sceneRaw(options)).linear(0.25, 220), options.format ?? 'jpeg'));
}

/** A perfectly good scene below the minimum resolution (default 800×600). */
export async function makeTiny(options: SceneOptions = {}): Promise<Buffer> {
  return makeScene({ width: 800, height: 600, ...options });
}

/** One flat grey level, no detail at all. */
export async function makeUniform(options: { width?: number; height?: number; level?: number; format?: SceneFormat } = {}): Promise<Buffer> {
  const level = options.level ?? 128;
  const pipeline = sharp({
    create: { width: options.width ?? 1600, height: options.height ?? 1200, channels: 3, background: { r: level, g: level, b: level } },
  });
  return encode(pipeline, options.format ?? 'jpeg');
}

/** Something that is not an image: seeded random bytes, or a minimal PDF document. */
export async function makeNonImage(options: { kind?: 'random' | 'pdf'; seed?: number; size?: number } = {}): Promise<Buffer> {
  if (options.kind === 'pdf') {
    return Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
  }
  const random = seededRandom(options.seed ?? 7);
  const bytes = Buffer.alloc(options.size ?? 4096);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(random() * 256);
  return bytes;
}

/** A valid scene JPEG cut off part-way through its entropy-coded data, as a broken upload would be. */
export async function makeTruncatedJpeg(options: SceneOptions & { keep?: number } = {}): Promise<Buffer> {
  const full = await makeScene({ ...options, format: 'jpeg' });
  return full.subarray(0, Math.floor(full.length * (options.keep ?? 0.6)));
}

/** A real GIF (a format QC does not accept); small by default because palette quantisation is slow. */
export async function makeGif(options: SceneOptions = {}): Promise<Buffer> {
  const raw = await sceneRaw({ width: 400, height: 300, ...options });
  return fromRaw(raw).gif().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * A decompression bomb in miniature: a few hundred bytes of PNG whose header claims `width`×`height` RGB pixels
 * (default 12000×10000 = 120 MP). Only the first rows are present, so decoding it would also fail. With
 * `noiseBytes`, that many bytes of incompressible rows follow, for a bomb of a realistic file size.
 */
export async function makePngBomb(options: { width?: number; height?: number; noiseBytes?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 12_000;
  const height = options.height ?? 10_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  const rowBytes = width * 3 + 1;
  const noiseRows = Math.ceil((options.noiseBytes ?? 0) / rowBytes);
  const rows = Buffer.alloc(rowBytes * (4 + noiseRows));
  const random = seededRandom(noiseRows);
  for (let row = 4; row < 4 + noiseRows; row += 1) {
    // Filter type 0 (none), then noise.
    for (let index = row * rowBytes + 1; index < (row + 1) * rowBytes; index += 1) rows[index] = Math.floor(random() * 256);
  }
  const firstRows = deflateSync(rows);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A logo as an account would upload one: a coloured mark and a word on a transparent background (PNG) or on white
 * (JPEG), `width`×`height` (default 600×200). With `comment`, the file also carries that text in its metadata (an
 * EXIF description), which the service must not keep.
 */
export async function makeLogo(options: { width?: number; height?: number; format?: 'png' | 'jpeg'; color?: string; comment?: string } = {}): Promise<Buffer> {
  const width = options.width ?? 600;
  const height = options.height ?? 200;
  const color = options.color ?? '#0b5fff';
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 200">` +
      `<circle cx="100" cy="100" r="80" fill="${color}"/><rect x="210" y="60" width="340" height="80" rx="16" fill="#1b1f24"/>` +
      `<rect x="240" y="85" width="280" height="30" rx="8" fill="${color}"/></svg>`,
  );
  let image = sharp(svg);
  if (options.format === 'jpeg') image = image.flatten({ background: '#ffffff' });
  if (options.comment) image = image.withExif({ IFD0: { ImageDescription: options.comment } });
  return options.format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}
