// docs/limits.md, storage that cannot be grown without bound. Before: every upload that decoded was stored whole even
// when rejected (20 rejected 14.5 MB uploads grew the database by 305 MB in 29 s; a 2.4 MB PNG declaring 50000×50000
// pixels was rejected yet stored and served). Now a rejected upload keeps only its thumbnail, an unusable one
// nothing, and a session takes at most 3 × required photos + 10 captures.
import { BSON } from 'mongodb';
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { uploadPhoto } from '../support/graphql.js';
import { createSession, startCapture, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { makePngBomb, makeScene, makeTiny, seededRandom } from '../support/images.js';
import { folderUsage, temporaryDataDir } from '../support/folder-usage.js';

const MB = 1024 * 1024;
/** Every collection a photo upload can write to, GridFS's included (where photos used to go). */
const UPLOAD_COLLECTIONS = ['captures', 'inspection_sessions', 'events', 'deliveries', 'photos.files', 'photos.chunks'];

let dataDir: string;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  server = await startTestServer({ DATA_DIR: dataDir });
  account = await server.createAccount();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startedSession(): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
  await startCapture(server.baseUrl, session);
  return session;
}

/** The BSON size of every document an upload can add (the embedded test database has no dbStats). */
async function databaseBytes(): Promise<number> {
  let total = 0;
  for (const name of UPLOAD_COLLECTIONS) {
    for await (const document of server.app.database.db.collection(name).find()) total += BSON.calculateObjectSize(document);
  }
  return total;
}

/** A real, about 14.5 MB JPEG that QC rejects as too dark: 3248×2436 of dim, incompressible sensor noise. */
async function largeDarkJpeg(): Promise<Buffer> {
  const width = 3248;
  const height = 2436;
  const random = seededRandom(1605);
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(random() * 40);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** One upload per LITE view: the finding sent 20, but each upload's cost is the same and this test is about each. */
const UPLOADS = 6;

const codeAt = (index: number) => THEME_PHOTOS.LITE![index % THEME_PHOTOS.LITE!.length]!;

describe('rejected uploads keep only a thumbnail', () => {
  it('rejected 14.5 MB uploads grow the photo store by a thumbnail each and the database by their records only', async () => {
    const large = await largeDarkJpeg();
    expect(large.length).toBeGreaterThan(14 * MB);
    expect(large.length).toBeLessThan(15 * MB);
    const session = await startedSession();
    const storeBefore = await folderUsage(dataDir);
    const databaseBefore = await databaseBytes();
    const started = performance.now();

    const urls: string[] = [];
    for (let index = 0; index < UPLOADS; index += 1) {
      const result = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, codeAt(index), large);
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data?.capturePhoto).toMatchObject({ approved: false, approvedMessage: expect.stringMatching(/too dark/i) });
      urls.push(result.body.data.capturePhoto.url);
    }
    const seconds = (performance.now() - started) / 1000;
    const storeAfter = await folderUsage(dataDir);
    const databaseGrowth = (await databaseBytes()) - databaseBefore;
    const storeGrowth = storeAfter.bytes - storeBefore.bytes;
    const added = storeAfter.files.filter((file) => !storeBefore.files.includes(file));
    process.stdout.write(
      `${UPLOADS} rejected uploads of ${(large.length / MB).toFixed(1)} MB (${((UPLOADS * large.length) / MB).toFixed(0)} MB sent, ${seconds.toFixed(1)} s): ` +
        `photo store +${(storeGrowth / 1024).toFixed(1)} KB in ${added.length} files, database +${(databaseGrowth / 1024).toFixed(1)} KB\n`,
    );

    // Thumbnails only: one small JPEG per upload, no original anywhere.
    expect(added).toHaveLength(UPLOADS);
    expect(added.every((file) => file.startsWith(`photos/${session.sessionKey}/`) && file.endsWith('/thumb.jpg'))).toBe(true);
    expect(storeGrowth).toBeLessThan(UPLOADS * 64 * 1024);
    expect(databaseGrowth).toBeLessThan(1 * MB);

    // Each rejected capture's URL serves its thumbnail, never the original, whatever size is asked for.
    expect(new Set(urls).size).toBe(UPLOADS);
    for (const suffix of ['', '?size=medium', '?size=thumb']) {
      const response = await fetch(`${urls[0]}${suffix}`);
      expect(response.status, suffix).toBe(200);
      expect(response.headers.get('content-type'), suffix).toBe('image/jpeg');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length, suffix).toBeLessThan(64 * 1024);
      const { width, height } = await sharp(body).metadata();
      expect(Math.max(width, height), suffix).toBeLessThanOrEqual(400);
    }
  }, 240_000);

  it('a 2.4 MB PNG declaring 50000×50000 pixels is rejected and keeps nothing: no file, no URL', async () => {
    const bomb = await makePngBomb({ width: 50_000, height: 50_000, noiseBytes: 2.4 * MB });
    expect(bomb.length).toBeGreaterThan(2.3 * MB);
    const session = await startedSession();
    const storeBefore = await folderUsage(dataDir);

    const result = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, bomb, 'photo.png');
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.capturePhoto).toMatchObject({ approved: false, approvedMessage: expect.stringMatching(/50000×50000/) });
    expect(result.body.data.capturePhoto.url ?? null).toBeNull();

    expect(await folderUsage(dataDir)).toEqual(storeBefore);
    const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ photo_code: 1, approved: false, url: null });
    const capture = await server.app.database.db.collection('captures').findOne({ session_key: session.sessionKey });
    expect(capture).toMatchObject({ file_key: null, medium_key: null, thumb_key: null, url_token: null });
  }, 60_000);
});

describe('the capture limit of a session', () => {
  it('takes 3 × 6 + 10 = 28 captures in a LITE session, racing uploads included; the next gets LIMIT_REACHED and stores nothing', async () => {
    const tiny = await makeTiny({ seed: 1606 }); // 800×600: rejected as too small, keeps a thumbnail
    const session = await startedSession();
    const capture = { captureToken: session.captureToken };
    for (let index = 0; index < 20; index += 1) {
      const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, codeAt(index), tiny);
      expect(result.body.data?.capturePhoto?.approved, `upload ${index + 1}`).toBe(false);
    }
    // 12 at once for the last 8 places: exactly 8 are taken, however the requests interleave.
    const racing = await Promise.all(Array.from({ length: 12 }, (_, index) => uploadPhoto(server.baseUrl, capture, session.sessionKey, codeAt(index), tiny)));
    expect(racing.filter((result) => result.body.data?.capturePhoto)).toHaveLength(8);
    const refusedInRace = racing.filter((result) => result.body.errors);
    expect(refusedInRace).toHaveLength(4);
    for (const refused of refusedInRace) expect(refused.body.errors?.[0]?.extensions?.code).toBe('LIMIT_REACHED');

    const storeBefore = await folderUsage(dataDir);
    const capturesBefore = await server.app.database.db.collection('captures').countDocuments({ session_key: session.sessionKey });
    const eventsBefore = await server.app.database.db.collection('events').countDocuments({ session_key: session.sessionKey });
    expect(capturesBefore).toBe(28);
    expect(storeBefore.files.filter((file) => file.startsWith(`photos/${session.sessionKey}/`))).toHaveLength(28);

    // Past the limit even a perfect photo is refused, before quality control, and nothing is stored or published.
    const refused = await uploadPhoto(server.baseUrl, capture, session.sessionKey, 1, await makeScene({ seed: 1607 }));
    expect(refused.status).toBe(200);
    expect(refused.body.data?.capturePhoto ?? null).toBeNull();
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/28/), extensions: { code: 'LIMIT_REACHED' } });
    expect(await folderUsage(dataDir)).toEqual(storeBefore);
    expect(await server.app.database.db.collection('captures').countDocuments({ session_key: session.sessionKey })).toBe(28);
    expect(await server.app.database.db.collection('events').countDocuments({ session_key: session.sessionKey })).toBe(eventsBefore);
    const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(listed.body).toHaveLength(28);
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('PROCESS');
  }, 120_000);
});
