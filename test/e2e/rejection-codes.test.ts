// docs/capture.md: every rejected capture carries a rejection_code (photos list) / rejectionCode (GraphQL) beside the
// unchanged English reason; an accepted one carries null. Real uploads through the real server, images made by sharp.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';
import sharp from 'sharp';
import { makeBlurred, makeBright, makeDark, makeGif, makeNonImage, makePngBomb, makeScene, makeTiny, makeTruncatedJpeg } from '../support/images.js';

// Below the 15 MB transport limit, so an oversize file reaches quality control and is stored as TOO_LARGE.
const QC_MAX_BYTES = 2_000_000;
const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';
const PHOTOS = 'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode approved approvedMessage rejectionCode } } }';

/** An 8000×7000 image of one grey, which compresses to next to nothing. */
function makeHugeUniform(format: 'webp' | 'png'): Promise<Buffer> {
  const image = sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#808080' } });
  return format === 'webp' ? image.webp({ lossless: true, effort: 0 }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}

let server: TestServer;
let account: TestAccount;
let session: CreatedSession;
const api = (method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);

beforeAll(async () => {
  server = await startTestServer({ QC_THRESHOLDS: JSON.stringify({ maxBytes: QC_MAX_BYTES }) });
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account, { session: { theme: 'PRO' } });
  const started = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, START, { k: session.sessionKey });
  expect(started.data?.startCapture?.status).toBe('STARTED');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function upload(photoCode: number, bytes: Buffer) {
  const result = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, photoCode, bytes);
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  return result.body.data.capturePhoto as { approved: boolean; approvedMessage: string; rejectionCode: string | null };
}

/** The latest photos-list entry of `photoCode`, as REST shows it. */
async function listed(photoCode: number) {
  const photos = await api('GET', `/v1/sessions/${session.sessionKey}/photos`);
  expect(photos.status).toBe(200);
  return (photos.body as { photo_code: number; approved_message: string; rejection_code: string | null }[])
    .filter((photo) => photo.photo_code === photoCode)
    .at(-1);
}

describe('rejection codes through the real server', () => {
  const cases: [string, number, () => Promise<Buffer>, string, RegExp][] = [
    ['a near-black photo', 2, () => makeDark({ seed: 12 }), 'TOO_DARK', /^REJECTED: Photo is too dark/],
    ['a washed-out photo', 3, () => makeBright({ seed: 13 }), 'TOO_BRIGHT', /^REJECTED: Photo is too bright/],
    ['a heavily blurred photo', 4, () => makeBlurred({ seed: 14 }), 'BLURRY', /^REJECTED: Photo is blurry/],
    ['an 800×600 photo', 5, () => makeTiny({ seed: 15 }), 'TOO_SMALL', /^REJECTED: Photo is too small: 800×600/],
    ['a GIF', 6, () => makeGif({ seed: 16 }), 'UNSUPPORTED_TYPE', /^REJECTED: Unsupported file type/],
    ['a PDF', 7, () => makeNonImage({ kind: 'pdf' }), 'UNSUPPORTED_TYPE', /^REJECTED: Unsupported file type/],
    ['a 120-megapixel PNG bomb', 8, () => makePngBomb(), 'TOO_MANY_PIXELS', /^REJECTED: Photo is too large: 12000×10000/],
    // Made by sharp: 56 megapixels of one grey in 38 bytes, over the default MAX_PHOTO_MEGAPIXELS of 50.
    [
      'a 56-megapixel WebP of a few bytes',
      11,
      () => makeHugeUniform('webp'),
      'TOO_MANY_PIXELS',
      /^REJECTED: Photo is too large: 8000×7000, at most 50 megapixels/,
    ],
    // Cut after its first 4 KB: decoding it would fail (UNREADABLE), so TOO_MANY_PIXELS shows the header alone was read.
    [
      'a 56-megapixel PNG cut off after its header',
      12,
      async () => (await makeHugeUniform('png')).subarray(0, 4096),
      'TOO_MANY_PIXELS',
      /^REJECTED: Photo is too large: 8000×7000/,
    ],
    ['a truncated JPEG', 9, () => makeTruncatedJpeg({ seed: 19 }), 'UNREADABLE', /^REJECTED: Photo could not be read/],
    [
      'a PNG over the configured byte limit',
      10,
      async () => makeScene({ seed: 20, format: 'png', grain: 40 }),
      'TOO_LARGE',
      /^REJECTED: Photo file is too large/,
    ],
  ];

  for (const [name, photoCode, make, code, englishReason] of cases) {
    it(`rejects ${name} as ${code}, the English reason unchanged`, async () => {
      const bytes = await make();
      if (code === 'TOO_LARGE') expect(bytes.length).toBeGreaterThan(QC_MAX_BYTES);
      else expect(bytes.length).toBeLessThanOrEqual(QC_MAX_BYTES);
      const photo = await upload(photoCode, bytes);
      expect(photo).toMatchObject({ approved: false, rejectionCode: code, approvedMessage: expect.stringMatching(englishReason) });
      expect(await listed(photoCode)).toMatchObject({ approved: false, rejection_code: code, approved_message: expect.stringMatching(englishReason) });
    }, 60_000);
  }

  it('gives null to an accepted photo and DUPLICATE to the same picture under another view', async () => {
    const scene = await makeScene({ seed: 31 });
    expect(await upload(1, scene)).toMatchObject({ approved: true, approvedMessage: 'ACCEPTED', rejectionCode: null });
    expect(await listed(1)).toMatchObject({ approved: true, approved_message: 'ACCEPTED', rejection_code: null });

    const again = await upload(11, scene);
    expect(again).toMatchObject({ approved: false, rejectionCode: 'DUPLICATE', approvedMessage: 'REJECTED: Photo is a duplicate of photo 1 (VIN)' });
    expect(await listed(11)).toMatchObject({ rejection_code: 'DUPLICATE' });

    // A retake that passes clears the code for that view.
    expect(await upload(11, await makeScene({ seed: 32 }))).toMatchObject({ approved: true, rejectionCode: null });
    expect(await listed(11)).toMatchObject({ approved: true, rejection_code: null });
  }, 60_000);

  it('shows the same codes in GraphQL session photos as in the REST list', async () => {
    const rest = (await api('GET', `/v1/sessions/${session.sessionKey}/photos`)).body as { photo_code: number; rejection_code: string | null }[];
    const graph = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, PHOTOS, { k: session.sessionKey });
    expect(graph.errors).toBeUndefined();
    const photos = graph.data.inspectionSession.photos as { photoCode: number; rejectionCode: string | null }[];
    expect(photos.map((photo) => [photo.photoCode, photo.rejectionCode])).toEqual(rest.map((photo) => [photo.photo_code, photo.rejection_code]));
    expect(new Set(photos.map((photo) => photo.rejectionCode))).toEqual(
      new Set([null, 'TOO_DARK', 'TOO_BRIGHT', 'BLURRY', 'TOO_SMALL', 'UNSUPPORTED_TYPE', 'TOO_MANY_PIXELS', 'UNREADABLE', 'TOO_LARGE', 'DUPLICATE']),
    );
  }, 60_000);
});
