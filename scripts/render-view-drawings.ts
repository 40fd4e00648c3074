// Renders the capture page's view drawings (src/http/web/assets/views/*.svg) over a photo-like background, the way
// the camera overlay shows them, into one contact sheet: docs/screenshots/view-drawings.png.
// Usage: npx tsx scripts/render-view-drawings.ts [output.png]
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { WALK_AROUND_ORDER } from '../src/domain/walk-around.js';
import { PHOTO_LABELS } from '../src/domain/themes.js';

const VIEWS = new URL('../src/http/web/assets/views/', import.meta.url);
const TILE_WIDTH = 400;
const TILE_HEIGHT = 300;
const LABEL_HEIGHT = 28;
const COLUMNS = 4;

// A busy mid-tone background (sky, ground, a bright and a dark patch), so both stroke colours are put to the test.
const BACKGROUND = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${TILE_HEIGHT}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9db7cf"/><stop offset=".55" stop-color="#6f7f73"/><stop offset="1" stop-color="#3d3a33"/></linearGradient></defs>' +
    `<rect width="${TILE_WIDTH}" height="${TILE_HEIGHT}" fill="url(#g)"/><rect x="250" y="20" width="130" height="90" fill="#eef2f4"/><rect x="20" y="180" width="120" height="100" fill="#1c1c1c"/></svg>`,
);

async function tile(code: number): Promise<Buffer> {
  const drawing = readFileSync(new URL(`${code}.svg`, VIEWS));
  const overlay = await sharp(drawing, { density: 96 }).resize(TILE_WIDTH, TILE_HEIGHT).png().toBuffer();
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${LABEL_HEIGHT}"><rect width="100%" height="100%" fill="#12385c"/>` +
      `<text x="10" y="19" font-family="sans-serif" font-size="15" fill="#fff">${code} ${PHOTO_LABELS[code as keyof typeof PHOTO_LABELS]} — ${drawing.length} bytes</text></svg>`,
  );
  return sharp({ create: { width: TILE_WIDTH, height: TILE_HEIGHT + LABEL_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: BACKGROUND, top: 0, left: 0 },
      { input: overlay, top: 0, left: 0 },
      { input: label, top: TILE_HEIGHT, left: 0 },
    ])
    .png()
    .toBuffer();
}

const output = process.argv[2] ?? 'docs/screenshots/view-drawings.png';
const tiles = await Promise.all(WALK_AROUND_ORDER.map(tile));
const rows = Math.ceil(tiles.length / COLUMNS);
const gap = 8;
await sharp({
  create: { width: COLUMNS * (TILE_WIDTH + gap) + gap, height: rows * (TILE_HEIGHT + LABEL_HEIGHT + gap) + gap, channels: 3, background: '#ffffff' },
})
  .composite(
    tiles.map((input, index) => ({
      input,
      left: gap + (index % COLUMNS) * (TILE_WIDTH + gap),
      top: gap + Math.floor(index / COLUMNS) * (TILE_HEIGHT + LABEL_HEIGHT + gap),
    })),
  )
  .png({ compressionLevel: 9 })
  .toFile(output);
console.log(`${output}: ${tiles.length} drawings in walk-around order`);
