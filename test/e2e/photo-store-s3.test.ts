// docs/capture.md with PHOTO_STORE=s3, against a real S3-compatible server started here: a capture's original and its
// thumbnails land in the bucket (not in MongoDB), and `/photos/<token>` with and without `?size=` serves exactly the
// bucket's bytes. A rejected upload leaves only its thumbnail in the bucket; the report PDF reads from it too.
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { makeDark, makeScene } from '../support/images.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';

let localS3: LocalS3;
let server: TestServer;
let account: TestAccount;
let session: CreatedSession;
let portrait: Buffer;
let photoUrl: string;

const CACHE_CONTROL = 'private, max-age=31536000, immutable';

async function bucketObjects(prefix: string): Promise<Map<string, Buffer>> {
  const listed = await localS3.client.send(new ListObjectsV2Command({ Bucket: localS3.bucket, Prefix: prefix }));
  const objects = new Map<string, Buffer>();
  for (const object of listed.Contents ?? []) {
    const got = await localS3.client.send(new GetObjectCommand({ Bucket: localS3.bucket, Key: object.Key }));
    objects.set(object.Key!.slice(prefix.length), Buffer.from(await got.Body!.transformToByteArray()));
  }
  return objects;
}

async function fetchBytes(url: string) {
  const response = await fetch(url);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  localS3 = await startLocalS3();
  server = await startTestServer(localS3.environment);
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
  const started = await graphqlRequest(
    server.baseUrl,
    { captureToken: session.captureToken },
    'mutation($k: String!) { startCapture(sessionKey: $k) { status } }',
    { k: session.sessionKey },
  );
  expect(started.data?.startCapture?.status).toBe('STARTED');
  // Stored landscape (1600×1200) with EXIF orientation 6: shown as a 1200×1600 portrait.
  portrait = await makeScene({ seed: 8101, orientation: 6 });
  const uploaded = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, portrait);
  expect(uploaded.body.errors).toBeUndefined();
  expect(uploaded.body.data?.capturePhoto?.approved).toBe(true);
  photoUrl = uploaded.body.data.capturePhoto.url;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await localS3?.close();
});

describe('an accepted photo in the s3 store', () => {
  it('puts the original and two thumbnails in the bucket, and nothing of the image in MongoDB', async () => {
    const objects = await bucketObjects(`photos/${session.sessionKey}/`);
    expect([...objects.keys()].map((key) => key.split('/')[1]).sort()).toEqual(['medium.jpg', 'original.jpg', 'thumb.jpg']);
    const original = [...objects].find(([key]) => key.endsWith('original.jpg'))![1];
    expect(original.equals(portrait)).toBe(true);
    for (const gridFsCollection of ['photos.files', 'photos.chunks']) {
      expect(await server.app.database.db.collection(gridFsCollection).countDocuments(), gridFsCollection).toBe(0);
    }
    const capture = await server.app.database.db.collection('captures').findOne({ session_key: session.sessionKey });
    expect(capture).toMatchObject({ file_key: expect.stringMatching(/original\.jpg$/), medium_key: expect.any(String), thumb_key: expect.any(String) });
    expect(capture).not.toHaveProperty('file_id');
  });

  it('serves the original byte for byte from the bucket with the capability-URL headers', async () => {
    const { response, body } = await fetchBytes(photoUrl);
    expect(response.status).toBe(200);
    expect(body.equals(portrait)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(portrait.length));
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
  });

  it.each([
    ['thumb', 400],
    ['medium', 1280],
  ])('serves ?size=%s as the JPEG stored in the bucket, at most %i px, turned upright', async (size, longEdge) => {
    const { response, body } = await fetchBytes(`${photoUrl}?size=${size}`);
    expect(response.status).toBe(200);
    const objects = await bucketObjects(`photos/${session.sessionKey}/`);
    const stored = [...objects].find(([key]) => key.endsWith(`/${size}.jpg`))![1];
    expect(body.equals(stored)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(stored.length));
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(body).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(Math.max(metadata.width, metadata.height)).toBe(longEdge);
    // The EXIF orientation is applied to the pixels: portrait, and no orientation tag left to apply twice.
    expect(metadata.height).toBeGreaterThan(metadata.width);
    expect(metadata.orientation ?? 1).toBe(1);
  });

  it.each(['large', '', 'THUMB', 'original'])('answers 400 for ?size=%j', async (size) => {
    const response = await fetch(`${photoUrl}?size=${size}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/size/);
  });
});

describe('a rejected photo in the s3 store', () => {
  it('leaves only its thumbnail in the bucket, served at its URL whatever the size', async () => {
    const before = await bucketObjects(`photos/${session.sessionKey}/`);
    const dark = await makeDark({ seed: 8102 });
    const rejected = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 2, dark);
    expect(rejected.body.data?.capturePhoto).toMatchObject({ approved: false, approvedMessage: expect.stringMatching(/dark/i) });
    const after = await bucketObjects(`photos/${session.sessionKey}/`);
    const added = [...after.keys()].filter((key) => !before.has(key));
    expect(added.map((key) => key.split('/')[1])).toEqual(['thumb.jpg']);
    const thumbnail = after.get(added[0]!)!;
    for (const suffix of ['', '?size=thumb', '?size=medium']) {
      const { response, body } = await fetchBytes(`${rejected.body.data.capturePhoto.url}${suffix}`);
      expect(response.status, suffix).toBe(200);
      expect(response.headers.get('content-type'), suffix).toBe('image/jpeg');
      expect(body.equals(thumbnail), suffix).toBe(true);
    }
  });
});

describe('the condition report with photos in the s3 store', () => {
  it('embeds the photos, read from the bucket', async () => {
    const capture = { captureToken: session.captureToken };
    for (const code of (THEME_PHOTOS.LITE ?? []).filter((code) => code !== 1)) {
      const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 8200 + code }));
      expect(result.body.data?.capturePhoto?.approved).toBe(true);
    }
    const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    expect(confirmed.data?.confirmInspection?.status).toBe('COMPLETE');
    const response = await fetch(`${server.baseUrl}/v1/sessions/${session.sessionKey}/report.pdf`, { headers: signRequestHeaders(account) });
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    const images = pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBe(THEME_PHOTOS.LITE!.length);
  }, 60_000);
});
