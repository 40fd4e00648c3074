// Photos for simulated captures (docs/rest-guide.md "Test keys"): photo-like scenes — a gradient, random shapes and
// sensor-like grain — that pass the real quality control as sharp, well exposed and distinct from each other, and a
// near-black one it rejects as too dark. Nothing in them is a vehicle: the vehicle check flags them (advise). Every
// pixel is made by sharp (libuv's threads), so a simulation never holds the event loop.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';

const WIDTH = 1280;
const HEIGHT = 960;
/** The grain's spread: enough detail for the sharpness check, little enough to keep the scene's exposure. */
const GRAIN_SIGMA = 40;

/** A scene the quality control accepts; each call draws a different one. */
export async function acceptablePhoto(): Promise<Buffer> {
  const [scene, grain] = await Promise.all([
    sharp(Buffer.from(sceneSvg())).removeAlpha().png().toBuffer(),
    sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: GRAIN_SIGMA } } })
      .png()
      .toBuffer(),
  ]);
  return sharp(scene)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A scene at 5 % of its brightness: the quality control rejects it as too dark. */
export async function tooDarkPhoto(): Promise<Buffer> {
  return sharp(await acceptablePhoto())
    .linear(0.05, 0)
    .jpeg({ quality: 88 })
    .toBuffer();
}

function colour(min = 40, max = 230): string {
  const channel = () => randomInt(min, max + 1);
  return `rgb(${channel()},${channel()},${channel()})`;
}

function sceneSvg(): string {
  const shapes = [
    `<rect x="${randomInt(WIDTH * 0.6)}" y="${randomInt(HEIGHT * 0.6)}" width="${WIDTH * 0.4}" height="${HEIGHT * 0.4}" fill="${colour(20, 240)}"/>`,
  ];
  for (let index = 0; index < 14; index += 1) {
    const [x, y, extent] = [randomInt(WIDTH), randomInt(HEIGHT), randomInt(48, 320)];
    shapes.push(
      index % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${extent / 2}" fill="${colour()}" stroke="${colour(10, 245)}" stroke-width="${randomInt(2, 12)}"/>`
        : `<rect x="${x}" y="${y}" width="${extent}" height="${extent * 0.6}" fill="${colour()}" transform="rotate(${randomInt(90)} ${x} ${y})"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${randomInt(360)} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${colour(60, 200)}"/><stop offset="1" stop-color="${colour(60, 200)}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>${shapes.join('')}</svg>`
  );
}
