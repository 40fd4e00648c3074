// docs/capture.md: the capture page's catalogs (complete in every language, served per language) and its view
// drawings (served by the service, small, nothing that runs or loads). Routes go through the real server.
import { request } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { CAPTURE_LANGUAGES } from '../../src/domain/languages.js';
import { REJECTION_CODES } from '../../src/domain/rejection-codes.js';
import { PHOTO_CODES } from '../../src/domain/themes.js';
import { capturePageMessages, catalogProblems, loadCatalogs, placeholdersOf, requiredCatalogKeys } from '../../src/http/web/i18n/catalogs.js';
import { DAMAGE_TYPES, VEHICLE_ITEMS } from '../../src/domain/damage-catalog.js';

const CATALOG_DIRECTORY = new URL('../../src/http/web/i18n/', import.meta.url);
const VIEWS_DIRECTORY = new URL('../../src/http/web/assets/views/', import.meta.url);
const readJson = (language: string) => JSON.parse(readFileSync(new URL(`${language}.json`, CATALOG_DIRECTORY), 'utf8')) as Record<string, unknown>;

describe('the catalogs on disk', () => {
  const en = readJson('en');

  it('has a catalog per capture language and no other', () => {
    const files = readdirSync(CATALOG_DIRECTORY)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...CAPTURE_LANGUAGES].sort());
  });

  it('gives every view a name and a hint and every rejection code words and advice in en', () => {
    for (const code of PHOTO_CODES) {
      expect(en[`view.${code}.name`], `view ${code}`).toEqual(expect.any(String));
      expect(en[`view.${code}.hint`], `view ${code}`).toEqual(expect.any(String));
    }
    for (const code of REJECTION_CODES) {
      expect(en[`rejection.${code}.title`], code).toEqual(expect.any(String));
      expect(en[`rejection.${code}.action`], code).toEqual(expect.any(String));
    }
    expect(requiredCatalogKeys().filter((key) => !(key in en))).toEqual([]);
    expect(`${en['rejection.TOO_DARK.title']} — ${en['rejection.TOO_DARK.action']}`).toBe(
      'Too dark — turn on more light or take it where the vehicle is well lit',
    );
  });

  it('has every key the capture page asks for: t(…) calls, data-i18n attributes and key tables in its scripts', () => {
    const assets = new URL('../../src/http/web/assets/', import.meta.url);
    const pages = readdirSync(assets).filter((name) => /^capture.*\.(ts|html)$/.test(name));
    const source = pages.map((name) => readFileSync(new URL(name, assets), 'utf8')).join('\n');
    const keys = new Set([
      ...[...source.matchAll(/\bt\('([a-zA-Z]+\.[a-zA-Z.]+)'/g)].map((match) => match[1] as string),
      ...[...source.matchAll(/data-i18n(?:-label)?="([a-zA-Z.]+)"/g)].map((match) => match[1] as string),
      ...[...source.matchAll(/: '((?:photo|done|confirm|notes|problem)\.[a-zA-Z.]+)'/g)].map((match) => match[1] as string),
    ]);
    expect(keys.size).toBeGreaterThan(60);
    expect([...keys].filter((key) => !(key in en))).toEqual([]);
  });

  it('has every key the condition report asks for, and a word for every part, damage type and grade', () => {
    const reports = new URL('../../src/reports/', import.meta.url);
    const source = readdirSync(reports)
      .map((name) => readFileSync(new URL(name, reports), 'utf8'))
      .join('\n');
    const literal = [...source.matchAll(/'(report\.[a-zA-Z.]+)'/g)].map((match) => match[1] as string);
    const templated = [...source.matchAll(/`(report\.[a-zA-Z]+)\.\$\{/g)].map((match) => match[1] as string);
    expect(literal.length).toBeGreaterThan(40);
    // A literal may name a message's forms ('report.damageCount' → .one / .other).
    const known = (key: string) => key in en || Object.keys(en).some((name) => name.startsWith(`${key}.`));
    expect(literal.filter((key) => !known(key))).toEqual([]);
    for (const prefix of templated)
      expect(
        Object.keys(en).some((key) => key.startsWith(`${prefix}.`)),
        prefix,
      ).toBe(true);
    const words = [
      ...VEHICLE_ITEMS.map((item) => `item.${item}`),
      ...DAMAGE_TYPES.map((type) => `damage.${type}`),
      ...[1, 2, 3, 4, 5].map((grade) => `grade.${grade}`),
    ];
    expect(words.filter((key) => !requiredCatalogKeys().includes(key))).toEqual([]);
    for (const language of CAPTURE_LANGUAGES) {
      const catalog = readJson(language);
      expect(
        words.filter((key) => typeof catalog[key] !== 'string'),
        language,
      ).toEqual([]);
      // Each side of the vehicle is named as the capture page names the views: driver / passenger side.
      if (language !== 'en') expect(catalog['item.left_front_door'], language).not.toBe(en['item.left_front_door']);
    }
  });

  for (const language of CAPTURE_LANGUAGES) {
    it(`${language}: exactly the keys of en, no empty text, every placeholder of en kept`, () => {
      const catalog = readJson(language);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${key}`).toBe(true);
        for (const name of placeholdersOf(en[key] as string)) expect(text, `${language} ${key}`).toContain(`{${name}}`);
      }
    });

    it(`${language}: the advice for a too dark photo never sends the person into the shade`, () => {
      const catalog = readJson(language) as Record<string, string>;
      expect(catalog['rejection.TOO_DARK.action']).not.toMatch(/shade|sombra|ombre|schatten|dunkel|escur|oscur|sombre/i);
      expect(catalog['rejection.TOO_BRIGHT.action']).not.toMatch(/sun side|lado del sol|côté au soleil|sonnenseite|lado do sol/i);
    });

    it(`${language}: views are named by side, never as bare left/right or by number`, () => {
      const catalog = readJson(language) as Record<string, string>;
      for (const code of PHOTO_CODES) {
        const name = catalog[`view.${code}.name`] as string;
        expect(name, `${language} view ${code}`).not.toMatch(/\d/);
        expect(name.toLowerCase(), `${language} view ${code}`).not.toMatch(/^(left|right|izquierd|derech|gauche|droit|links|rechts|esquerd|direit)/);
      }
    });
  }

  it('reports a missing key, an empty text, a lost placeholder and an unknown key', () => {
    const reference = { a: 'A {count}', b: 'B', c: 'C' };
    expect(catalogProblems(reference, { a: 'A', b: ' ', d: 'D' })).toEqual(['a lacks {count}', 'empty b', 'missing c', 'unknown d']);
    expect(catalogProblems(reference, { a: 'Ein {count}', b: 'Be', c: 'Ce' })).toEqual([]);
  });

  it('refuses to start with an incomplete catalog', () => {
    const directory = mkdtempSync(join(tmpdir(), 'catalogs-'));
    try {
      for (const language of CAPTURE_LANGUAGES) writeFileSync(join(directory, `${language}.json`), JSON.stringify(readJson(language)));
      expect(() => loadCatalogs(directory)).not.toThrow();
      const { 'rejection.BLURRY.action': _dropped, ...fr } = readJson('fr');
      writeFileSync(join(directory, 'fr.json'), JSON.stringify({ ...fr, 'progress.count': '{accepted} acceptées' }));
      expect(() => loadCatalogs(directory)).toThrow(/fr: progress\.count lacks \{total\}[\s\S]*fr: missing rejection\.BLURRY\.action/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('served to the page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  for (const language of CAPTURE_LANGUAGES) {
    it(`serves the ${language} catalog as cacheable JSON, gzipped on request`, async () => {
      const response = await fetch(`${server.baseUrl}/capture/i18n/${language}.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      const served = (await response.json()) as Record<string, string>;
      expect(served).toEqual(capturePageMessages(readJson(language) as Record<string, string>));
      // The report's words stay on the server: the capture page does not download them before the first photo.
      expect(Object.keys(served).filter((key) => /^(report|item|damage|grade)\./.test(key))).toEqual([]);
      expect(served['view.1.name']).toEqual(readJson(language)['view.1.name']);

      const etag = response.headers.get('etag') as string;
      expect((await fetch(`${server.baseUrl}/capture/i18n/${language}.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);

      const zipped = await rawGet(`${server.baseUrl}/capture/i18n/${language}.json`, { 'accept-encoding': 'gzip' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      // About 3.8 KB of the 32 KB the page may transfer before its first photo (the vehicle check's words took it past
      // 3.5, the odometer step's past 3.7).
      expect(zipped.body.length).toBeLessThan(4_000);
      expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(served);
    });
  }

  it('serves the page scripts brotli-compressed where the browser takes it, else gzip, else as they are', async () => {
    const html = await (await fetch(`${server.baseUrl}/capture/ABC-0123456789`)).text();
    const url = `${server.baseUrl}${html.match(/<script type="module" src="([^"]+)">/)?.[1]}`;
    const plain = await rawGet(url, {});
    expect(plain.headers.get('content-encoding')).toBeNull();
    const [brotli, gzip, brotliRefused] = await Promise.all([
      rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      rawGet(url, { 'accept-encoding': 'gzip' }),
      rawGet(url, { 'accept-encoding': 'br;q=0, gzip' }),
    ]);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(brotliRefused.headers.get('content-encoding')).toBe('gzip');
    // Worth its while: brotli at its strongest saves over gzip on the largest script.
    expect(brotli.body.length).toBeLessThan(gzip.body.length * 0.95);
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('has no catalog for a language the page does not speak', async () => {
    for (const path of ['/capture/i18n/it.json', '/capture/i18n/EN.json', '/capture/i18n/en']) {
      expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
    }
  });

  for (const code of PHOTO_CODES) {
    it(`serves the drawing of view ${code}: small, stroke-only SVG that runs and loads nothing`, async () => {
      const response = await fetch(`${server.baseUrl}/web/views/${code}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await response.text();
      expect(svg).toBe(readFileSync(new URL(`${code}.svg`, VIEWS_DIRECTORY), 'utf8'));
      expect(svg.length).toBeGreaterThan(300);
      expect(svg.length).toBeLessThanOrEqual(2_048);
      expectInertSvg(svg);
      // It renders: white strokes over a transparent background, nothing filled.
      const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      let white = 0;
      let opaque = 0;
      for (let index = 0; index < data.length; index += info.channels) {
        if (data[index + 3]! > 200) opaque += 1;
        if (data[index]! > 240 && data[index + 1]! > 240 && data[index + 2]! > 240 && data[index + 3]! > 240) white += 1;
      }
      const pixels = info.width * info.height;
      expect(white / pixels).toBeGreaterThan(0.005);
      expect(opaque / pixels).toBeLessThan(0.35);
    });
  }

  it('has no drawing for a code that is not a view', async () => {
    expect((await fetch(`${server.baseUrl}/web/views/14.svg`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/web/views/0.svg`)).status).toBe(404);
  });
});

/** No script, event handler, style sheet, foreign object or reference outside the file itself. */
function expectInertSvg(svg: string): void {
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d .]+"/);
  expect(svg).not.toMatch(/<script|<style|<foreignObject|<image|<a[\s>]|javascript:|url\(|@import/i);
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
  const references = [...svg.matchAll(/(?:href|src)\s*=\s*"([^"]*)"/gi)].map((match) => match[1]);
  for (const reference of references) expect(reference).toMatch(/^#[A-Za-z]\w*$/);
  const urls = [...svg.matchAll(/[a-z]+:\/\/[^"\s]+/gi)].map((match) => match[0]);
  expect(urls).toEqual(['http://www.w3.org/2000/svg']);
  expect(svg).toMatch(/fill="none"/);
}

/** fetch decompresses on its own; this keeps the bytes as sent. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const result = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') result.set(name, value);
        resolve({ headers: result, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
