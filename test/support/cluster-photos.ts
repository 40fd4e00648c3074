// Photos of an instrument cluster for the odometer reading (docs/capture.md#odometer-reading), made with sharp from SVG:
// a dashboard with two dials and, between them, a display showing the odometer among the usual clutter (the unit, a
// trip counter with its decimal, the time, the outside temperature). Two kinds of display: a `screen` (light digits
// in an ordinary font on a dark LCD) and `segments` (seven-segment digits drawn as polygons). They pass photo QC (size,
// exposure, sharpness), so only the reading decides.
import sharp from 'sharp';
import { seededRandom } from './images.js';

export type ClusterKind = 'screen' | 'segments';

export interface ClusterPhoto {
  kind: ClusterKind;
  /** The odometer drawn on the display. */
  reading: number;
  unit: 'km' | 'mi';
  seed?: number;
}

const WIDTH = 1600;
const HEIGHT = 1200;
/** The display in the middle of the cluster. */
const DISPLAY = { x: 520, y: 430, width: 560, height: 330 } as const;

/** A JPEG of the cluster with `reading` on its display. */
export async function makeClusterPhoto(photo: ClusterPhoto): Promise<Buffer> {
  const random = seededRandom(photo.seed ?? 1);
  const trip = Math.round(random() * 9000) / 10;
  const time = `${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`;
  const temperature = Math.round(random() * 30) - 5;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><radialGradient id="dash" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#5b6066"/><stop offset="1" stop-color="#34383c"/></radialGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#dash)"/>
    ${dial(300, 600, 'km/h', random)}${dial(1300, 600, 'x1000 rpm', random)}
    <rect x="${DISPLAY.x - 12}" y="${DISPLAY.y - 12}" width="${DISPLAY.width + 24}" height="${DISPLAY.height + 24}" rx="26" fill="#8a9096"/>
    <rect x="${DISPLAY.x}" y="${DISPLAY.y}" width="${DISPLAY.width}" height="${DISPLAY.height}" rx="18" fill="#15191d"/>
    ${photo.kind === 'screen' ? screenDisplay(photo, trip, time, temperature) : segmentDisplay(photo, trip, time, temperature)}
  </svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await grain(photo.seed ?? 1), blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function screenDisplay(photo: ClusterPhoto, trip: number, time: string, temperature: number): string {
  const { x, y } = DISPLAY;
  const text = (left: number, top: number, size: number, content: string, anchor = 'start') =>
    `<text x="${x + left}" y="${y + top}" font-family="DejaVu Sans" font-size="${size}" fill="#e8f1f4" text-anchor="${anchor}">${content}</text>`;
  return [
    text(30, 50, 34, time),
    text(530, 50, 34, `${temperature}°C`, 'end'),
    text(30, 145, 40, `TRIP A ${trip.toFixed(1)} ${photo.unit}`),
    text(420, 255, 78, String(photo.reading), 'end'),
    text(440, 255, 46, photo.unit),
    text(30, 310, 26, 'ODO'),
  ].join('');
}

function segmentDisplay(photo: ClusterPhoto, trip: number, time: string, temperature: number): string {
  const { x, y } = DISPLAY;
  const label = (left: number, top: number, size: number, content: string) =>
    `<text x="${x + left}" y="${y + top}" font-family="DejaVu Sans" font-size="${size}" fill="#ff9d2e">${content}</text>`;
  return [
    segments(time.replace(':', ''), x + 30, y + 24, 26, { colonAfter: 1 }),
    segments(String(temperature), x + 400, y + 24, 26, {}),
    label(510, 70, 26, '°C'),
    label(30, 150, 24, 'TRIP'),
    segments(trip.toFixed(1).replace('.', ''), x + 120, y + 110, 30, { pointBefore: 1 }),
    label(330, 150, 24, photo.unit),
    label(30, 285, 24, 'ODO'),
    segments(String(photo.reading), x + 100, y + 200, 40, {}),
    label(528, 285, 26, photo.unit),
  ].join('');
}

// Which of the seven segments (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle) light.
const DIGIT_SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
  '-': 'g',
};

/** Seven-segment digits `height × 1.7` tall, each segment a slanted hexagon, with an optional colon or decimal point. */
function segments(digits: string, left: number, top: number, width: number, marks: { colonAfter?: number; pointBefore?: number }): string {
  const thick = width * 0.2;
  const tall = width * 1.7;
  const half = tall / 2;
  const horizontal = (x: number, y: number) => {
    const t = thick / 2;
    return `${x + t},${y} ${x + t * 2},${y - t} ${x + width - t * 2},${y - t} ${x + width - t},${y} ${x + width - t * 2},${y + t} ${x + t * 2},${y + t}`;
  };
  const vertical = (x: number, y: number, length: number) => {
    const t = thick / 2;
    return `${x},${y + t} ${x + t},${y + t * 2} ${x + t},${y + length - t * 2} ${x},${y + length - t} ${x - t},${y + length - t * 2} ${x - t},${y + t * 2}`;
  };
  const shapes: string[] = [];
  const step = width * 1.6;
  [...digits].forEach((digit, index) => {
    const x = left + index * step + (marks.pointBefore !== undefined && index >= digits.length - marks.pointBefore ? width * 0.35 : 0);
    const on = DIGIT_SEGMENTS[digit] ?? '';
    const points: Record<string, string> = {
      a: horizontal(x, top),
      g: horizontal(x, top + half),
      d: horizontal(x, top + tall),
      f: vertical(x, top, half),
      b: vertical(x + width, top, half),
      e: vertical(x, top + half, half),
      c: vertical(x + width, top + half, half),
    };
    for (const [segment, polygon] of Object.entries(points)) {
      // Unlit segments show faintly, as on a real LCD.
      shapes.push(`<polygon points="${polygon}" fill="${on.includes(segment) ? '#ff9d2e' : '#2a2620'}"/>`);
    }
    if (marks.colonAfter === index) {
      const cx = x + width + step * 0.18;
      shapes.push(`<rect x="${cx}" y="${top + tall * 0.25}" width="${thick}" height="${thick}" fill="#ff9d2e"/>`);
      shapes.push(`<rect x="${cx}" y="${top + tall * 0.7}" width="${thick}" height="${thick}" fill="#ff9d2e"/>`);
    }
    if (marks.pointBefore !== undefined && index === digits.length - marks.pointBefore - 1) {
      shapes.push(`<rect x="${x + width + thick}" y="${top + tall - thick / 2}" width="${thick}" height="${thick}" fill="#ff9d2e"/>`);
    }
  });
  return shapes.join('');
}

/** A speedometer-like dial: a ring, ticks and numbers around, a needle at a random angle. */
function dial(cx: number, cy: number, caption: string, random: () => number): string {
  const parts = [`<circle cx="${cx}" cy="${cy}" r="250" fill="#1d2125" stroke="#c9ced3" stroke-width="10"/>`];
  for (let tick = 0; tick <= 12; tick += 1) {
    const angle = ((-225 + tick * 22.5) * Math.PI) / 180;
    const [x1, y1, x2, y2] = [cx + Math.cos(angle) * 230, cy + Math.sin(angle) * 230, cx + Math.cos(angle) * 195, cy + Math.sin(angle) * 195];
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#f2f4f5" stroke-width="8"/>`);
    const [tx, ty] = [cx + Math.cos(angle) * 160, cy + Math.sin(angle) * 160 + 12];
    parts.push(`<text x="${tx}" y="${ty}" font-family="DejaVu Sans" font-size="32" fill="#f2f4f5" text-anchor="middle">${tick * 20}</text>`);
  }
  const needle = ((-225 + random() * 200) * Math.PI) / 180;
  parts.push(
    `<line x1="${cx}" y1="${cy}" x2="${cx + Math.cos(needle) * 210}" y2="${cy + Math.sin(needle) * 210}" stroke="#ff4a2a" stroke-width="12"/>`,
    `<circle cx="${cx}" cy="${cy}" r="26" fill="#c9ced3"/>`,
    `<text x="${cx}" y="${cy + 110}" font-family="DejaVu Sans" font-size="30" fill="#c9ced3" text-anchor="middle">${caption}</text>`,
  );
  return parts.join('');
}

/** Sensor-like grain: noise around mid-grey that an overlay blend adds to the picture. */
async function grain(seed: number): Promise<Buffer> {
  const random = seededRandom(seed + 101);
  const width = WIDTH / 4;
  const height = HEIGHT / 4;
  const pixels = Buffer.alloc(width * height);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = 128 + Math.round((random() - 0.5) * 40);
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .resize(WIDTH, HEIGHT, { kernel: 'nearest' })
    .png()
    .toBuffer();
}
