// Photos for the vehicle check (docs/capture.md#vehicle-check), made with sharp: a public-domain drawing of a real
// vehicle (test/fixtures/vehicles, from the Open Clip Art Library) on a grainy street scene, framed whole, cut off by the
// photo's edge, or far away; and photos with no vehicle at all. They pass photo QC (size, exposure, sharpness), so only
// the vehicle check decides.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { seededRandom } from './images.js';

export type FixtureVehicle = 'bus' | 'suv';
export type Placement = 'framed' | 'cut_off' | 'far';

const WIDTH = 1600;
const HEIGHT = 1200;

/** A street without a vehicle: sky, a wall with windows, pavement, all with sensor-like grain. */
export async function makeStreet(seed = 1): Promise<Buffer> {
  return (await streetImage(seed)).jpeg({ quality: 90 }).toBuffer();
}

/** `vehicle` on the street: filling most of the width, pushed a quarter past the left edge, or small in the distance. */
export async function makeVehiclePhoto(vehicle: FixtureVehicle, placement: Placement = 'framed', seed = 1): Promise<Buffer> {
  const drawing = await sharp(readFileSync(new URL(`../fixtures/vehicles/${vehicle}.svg`, import.meta.url)), { density: 150 })
    .trim()
    .png()
    .toBuffer();
  return placeOnStreet(drawing, { placement, seed });
}

export interface Placing {
  placement: Placement;
  seed?: number;
  /** Share of the picture's width the vehicle spans: 0.82 framed or cut off, 0.22 far by default. */
  span?: number;
  /** Share of the vehicle past the edge when cut off (0.25 by default); a negative share cuts at the right edge. */
  cut?: number;
}

/** Any cut-out picture of a vehicle (transparent around it) placed on the street as `placing` says. */
export async function placeOnStreet(vehicle: Buffer, placing: Placing): Promise<Buffer> {
  const span = placing.span ?? (placing.placement === 'far' ? 0.22 : 0.82);
  const drawing = await sharp(vehicle)
    .resize({ width: Math.round(WIDTH * span) })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width: drawn, height: tall } = drawing.info;
  const height = Math.min(tall, Math.round(HEIGHT * 0.76));
  const top = Math.round(HEIGHT * 0.78 - height);
  const cut = placing.placement === 'cut_off' ? (placing.cut ?? 0.25) : 0;
  const hidden = Math.round(drawn * Math.abs(cut));
  const left = cut > 0 ? -hidden : cut < 0 ? WIDTH - drawn + hidden : Math.round((WIDTH - drawn) / 2);
  // sharp places overlays inside the canvas only: a vehicle past the edge is cropped to what stays in the picture.
  const visible = await sharp(drawing.data)
    .extract({ left: cut > 0 ? hidden : 0, top: tall - height, width: drawn - hidden, height })
    .toBuffer();
  const street = await streetPng(placing.seed ?? 1);
  return sharp(street)
    .composite([{ input: visible, left: Math.max(0, left), top }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const streets = new Map<number, Promise<Buffer>>();
/** The street of a seed, drawn once per process (its grain is a per-pixel loop). */
function streetPng(seed: number): Promise<Buffer> {
  let street = streets.get(seed);
  if (!street) {
    street = streetImage(seed).then((image) => image.png().toBuffer());
    streets.set(seed, street);
  }
  return street;
}

async function streetImage(seed: number) {
  const random = seededRandom(seed);
  const hue = Math.round(random() * 40);
  const windows = Array.from({ length: 8 }, (_, index) => {
    const x = 80 + index * 190 + random() * 30;
    return `<rect x="${x}" y="${260 + random() * 40}" width="110" height="150" fill="rgb(${60 + hue},${70 + hue},${90 + hue})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb6dc"/><stop offset="1" stop-color="#d8e4ee"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <rect y="200" width="${WIDTH}" height="560" fill="rgb(${170 + hue},${150 + hue},${120 + hue})"/>${windows}
    <rect y="760" width="${WIDTH}" height="440" fill="rgb(${105 + hue},${105 + hue},${100 + hue})"/>
    <rect y="752" width="${WIDTH}" height="12" fill="#ddd"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (let index = 0; index < data.length; index += 1) data[index] = Math.max(0, Math.min(255, data[index]! + Math.round((random() - 0.5) * 36)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}
