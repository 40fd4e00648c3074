// Builds a labelled folder for `npm run bench -- vehicle-check <folder>` (docs/capture.md#vehicle-check) from what
// Debian packages ship and what sharp draws:
//   npx tsx bench/vehicle-check-set.ts <out> [--stamps /usr/share/tuxpaint/stamps] [--clipart /usr/share/openclipart/svg]
// vehicle/, cut-off/, too-far/: each vehicle picture on a generated street scene, framed, pushed past an edge, far away.
// The pictures: photographs of real vehicles cut out of their background (tuxpaint-stamps-default, GPL-2) and
// public-domain drawings (openclipart-svg). no-vehicle/: walls, bricks, skies, gradients, a printed page, a dashboard, a
// dark interior, random shapes, empty streets, and streets with other cut-out things (animals, furniture) on them.
// Nothing of these packages is kept in the repository: install them (apt-get install tuxpaint-stamps-default
// openclipart-svg) or point the options at an unpacked copy.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeScene, seededRandom } from '../test/support/images.js';
import { makeStreet, placeOnStreet } from '../test/support/vehicle-photos.js';

const STAMP_VEHICLES = [
  'vehicles/auto/beetle.png',
  'vehicles/auto/sedan.png',
  'vehicles/auto/sportscar2.png',
  'vehicles/auto/truck.png',
  'vehicles/emergency/firetruck.png',
  'vehicles/emergency/sedan_police.png',
  'vehicles/garbagetruck.png',
  'vehicles/masstransit/green_korean_bus.png',
  'vehicles/construction/dumper.png',
  'vehicles/race/indycar.png',
];
const STAMP_OTHER_THINGS = [
  'animals/mammals/equines/horse.png',
  'animals/mammals/bears/bear.png',
  'animals/mammals/pig.png',
  'animals/mammals/camel/camel.png',
  'animals/mammals/giraffe.png',
  'household/Lightbulb.png',
];
const CLIPART_VEHICLES = [
  'transportation/vehicles/4wd.svg',
  'transportation/vehicles/blazer_01.svg',
  'transportation/vehicles/bus1_jarno_vasamaa_01.svg',
  'transportation/vehicles/bus_01.svg',
  'transportation/vehicles/car.svg',
  'transportation/vehicles/hummer_01.svg',
  'transportation/vehicles/old_car_lumen_design_st_r.svg',
  'transportation/vehicles/redcar_marcelo_caiafa_.svg',
  'transportation/vehicles/small_truck_steffen_gluc_01.svg',
  'transportation/vehicles/big_truck_01.svg',
  'transportation/car_jamin_ellis_.svg',
  'transportation/truck_jarno_vasamaa_.svg',
];

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] as string) : fallback;
};
const out = process.argv[2];
if (!out || out.startsWith('--')) throw new Error('usage: npx tsx bench/vehicle-check-set.ts <out> [--stamps DIR] [--clipart DIR]');
const stamps = option('--stamps', '/usr/share/tuxpaint/stamps');
const clipart = option('--clipart', '/usr/share/openclipart/svg');
for (const folder of ['vehicle', 'no-vehicle', 'cut-off', 'too-far']) mkdirSync(join(out, folder), { recursive: true });
const counts: Record<string, number> = {};
const save = (folder: string, name: string, bytes: Buffer) => {
  writeFileSync(join(out, folder, `${name}.jpg`), bytes);
  counts[folder] = (counts[folder] ?? 0) + 1;
};

async function cutOut(file: string): Promise<Buffer | null> {
  if (!existsSync(file)) {
    process.stdout.write(`missing ${file}: skipped\n`);
    return null;
  }
  return sharp(file, { density: 150 }).trim().png().toBuffer();
}

/** Each vehicle framed, cut off (on the left or the right), and far away. */
async function vehicles(source: string, files: string[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    const picture = await cutOut(join(source, file));
    if (!picture) continue;
    const name = file.replace(/^.*\//, '').replace(/\.\w+$/, '');
    // Four streets in turn; the settings alternate from one vehicle to the next.
    const seed = 1 + (index % 4);
    save('vehicle', name, await placeOnStreet(picture, { placement: 'framed', seed, span: index % 2 ? 0.85 : 0.7 }));
    save('cut-off', name, await placeOnStreet(picture, { placement: 'cut_off', seed, cut: index % 2 ? 0.3 : -0.4 }));
    save('too-far', name, await placeOnStreet(picture, { placement: 'far', seed, span: index % 2 ? 0.18 : 0.28 }));
  }
}

const svgPhoto = async (svg: string) => {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const random = seededRandom(data.length);
  for (let index = 0; index < data.length; index += 1) data[index] = Math.max(0, Math.min(255, data[index]! + Math.round((random() - 0.5) * 30)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();
};
const frame = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">${body}</svg>`;

async function negatives(): Promise<void> {
  for (const [index, colour] of ['#b8a58c', '#d9d4c7', '#8c8f93', '#f0e6d2'].entries())
    save('no-vehicle', `wall-${index}`, await svgPhoto(frame(`<rect width="1600" height="1200" fill="${colour}"/>`)));
  const bricks = Array.from({ length: 30 }, (_, row) =>
    Array.from({ length: 9 }, (_, column) => `<rect x="${column * 190 - (row % 2) * 95}" y="${row * 42}" width="180" height="34" fill="#a0522d"/>`).join(''),
  ).join('');
  save('no-vehicle', 'bricks', await svgPhoto(frame(`<rect width="1600" height="1200" fill="#ccc"/>${bricks}`)));
  for (const [index, [top, bottom]] of [
    ['#5d8fc9', '#cfe0f0'],
    ['#f3a65c', '#5b6fa8'],
    ['#9aa4ad', '#e4e6e8'],
  ].entries()) {
    save(
      'no-vehicle',
      `sky-${index}`,
      await svgPhoto(
        frame(
          `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><ellipse cx="500" cy="400" rx="260" ry="80" fill="#fff" opacity="0.7"/>`,
        ),
      ),
    );
  }
  const lines = Array.from(
    { length: 26 },
    (_, line) =>
      `<text x="160" y="${160 + line * 38}" font-size="26" font-family="sans-serif" fill="#222">Line ${line + 1} of a printed page: terms, dates and amounts 1 234,56.</text>`,
  ).join('');
  save(
    'no-vehicle',
    'document',
    await svgPhoto(frame(`<rect width="1600" height="1200" fill="#777"/><rect x="120" y="80" width="1360" height="1060" fill="#fbfbf8"/>${lines}`)),
  );
  save(
    'no-vehicle',
    'dashboard',
    await svgPhoto(
      frame(
        `<rect width="1600" height="1200" fill="#2b2b2e"/><circle cx="560" cy="560" r="240" fill="#111" stroke="#999" stroke-width="8"/><circle cx="1060" cy="560" r="240" fill="#111" stroke="#999" stroke-width="8"/><text x="460" y="600" font-size="90" fill="#f5f5f5" font-family="monospace">128</text><text x="940" y="600" font-size="70" fill="#f5f5f5" font-family="monospace">045213</text>`,
      ),
    ),
  );
  save(
    'no-vehicle',
    'interior',
    await svgPhoto(
      frame(
        `<rect width="1600" height="1200" fill="#3e3a36"/><rect x="200" y="500" width="520" height="560" rx="60" fill="#55504a"/><rect x="880" y="500" width="520" height="560" rx="60" fill="#55504a"/><circle cx="800" cy="300" r="200" fill="none" stroke="#222" stroke-width="50"/>`,
      ),
    ),
  );
  for (const seed of [1, 2, 3, 4, 5, 6]) save('no-vehicle', `shapes-${seed}`, await makeScene({ seed: 900 + seed }));
  for (const seed of [1, 2, 3, 4]) save('no-vehicle', `street-${seed}`, await makeStreet(800 + seed));
  for (const [index, file] of STAMP_OTHER_THINGS.entries()) {
    const picture = await cutOut(join(stamps, file));
    if (picture)
      save(
        'no-vehicle',
        `thing-${file.replace(/^.*\//, '').replace(/\.\w+$/, '')}`,
        await placeOnStreet(picture, { placement: 'framed', seed: 700 + index, span: 0.5 }),
      );
  }
}

await vehicles(stamps, STAMP_VEHICLES);
await vehicles(clipart, CLIPART_VEHICLES);
await negatives();
process.stdout.write(`wrote ${JSON.stringify(counts)} under ${out}\n`);
