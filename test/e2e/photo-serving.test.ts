// Photo URLs (docs/capture.md): an accepted photo's URL from GET /v1/sessions/:key/photos serves exactly the stored
// bytes under the headers src/http/rest/photo-routes.ts sets; the URL is a capability (unguessable token) and
// anything that is not a stored photo's token answers 404 JSON.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';

let server: TestServer;
let account: TestAccount;
let session: CreatedSession;
/** Uploaded bytes by photo code. */
const uploaded = new Map<number, Buffer>();
/** url by photo code, as GET /v1/sessions/:key/photos lists them. */
const urls = new Map<number, string>();

const CACHE_CONTROL = 'private, max-age=31536000, immutable';

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
  const capture = { captureToken: session.captureToken };
  const started = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
  expect(started.data?.startCapture?.status).toBe('STARTED');
  // A JPEG, a PNG and a WebP: each must come back under its own content type.
  const photos: [number, Buffer][] = [
    [1, await makeScene({ seed: 7101, format: 'jpeg' })],
    [2, await makeScene({ seed: 7102, format: 'png' })],
    [4, await makeScene({ seed: 7104, format: 'webp' })],
  ];
  for (const [code, bytes] of photos) {
    const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, bytes);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
    uploaded.set(code, bytes);
  }
  const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
  expect(listed.status).toBe(200);
  for (const photo of listed.body as { photo_code: number; url: string; approved: boolean; approved_message: string }[]) {
    expect(photo).toMatchObject({ approved: true, approved_message: 'ACCEPTED' });
    urls.set(photo.photo_code, photo.url);
  }
  expect([...urls.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function tokenOf(url: string): string {
  const prefix = `${server.baseUrl}/photos/`;
  expect(url.startsWith(prefix)).toBe(true);
  return url.slice(prefix.length);
}

async function expectNotFoundJson(path: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(404);
  expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
  const body = (await response.json()) as { message?: unknown };
  expect(typeof body.message, path).toBe('string');
  // Nothing image-like leaks out of a miss.
  expect(response.headers.get('cache-control'), path).not.toBe(CACHE_CONTROL);
}

describe('serving an accepted photo', () => {
  it.each([
    [1, 'image/jpeg'],
    [2, 'image/png'],
    [4, 'image/webp'],
  ])('photo %i comes back byte for byte as %s with the capability-URL headers', async (code, contentType) => {
    const response = await fetch(urls.get(code) as string);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(uploaded.get(code) as Buffer)).toBe(true);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    // The route sets no validators: the URL is immutable, so none are needed.
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('last-modified')).toBeNull();
  });

  it('answers conditional requests with the full photo (no validators, so never 304)', async () => {
    const url = urls.get(1) as string;
    const response = await fetch(url, {
      headers: { 'if-none-match': '*', 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(uploaded.get(1) as Buffer)).toBe(true);
  });

  it('serves the same bytes on every request and to anyone holding the URL (no credentials needed)', async () => {
    const url = urls.get(2) as string;
    const [first, second] = await Promise.all([fetch(url), fetch(url, { headers: { 'API-Key': 'nonsense' } })]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const expected = uploaded.get(2) as Buffer;
    expect(Buffer.from(await first.arrayBuffer()).equals(expected)).toBe(true);
    expect(Buffer.from(await second.arrayBuffer()).equals(expected)).toBe(true);
  });
});

describe('serving thumbnails', () => {
  it.each([
    [1, 'thumb', 400],
    [2, 'thumb', 400],
    [4, 'medium', 1280],
  ])('photo %i with ?size=%s is a JPEG at most %i px on its long edge, with the same headers', async (code, size, longEdge) => {
    const response = await fetch(`${urls.get(code)}?size=${size}`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    const metadata = await sharp(body).metadata();
    expect(metadata.format).toBe('jpeg');
    // The uploads are 1600×1200.
    expect([metadata.width, metadata.height]).toEqual([longEdge, (longEdge * 3) / 4]);
    expect(body.length).toBeLessThan((uploaded.get(code) as Buffer).length);
  });

  it('answers 400 JSON for an unknown size, and 404 for an unknown token whatever the size', async () => {
    const response = await fetch(`${urls.get(1)}?size=huge`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await expectNotFoundJson(`/photos/${'A'.repeat(32)}?size=thumb`);
  });
});

describe('the photo URL is unguessable', () => {
  it('is a distinct base64url token of at least 128 bits that reveals nothing about the session', () => {
    const tokens = [...urls.values()].map(tokenOf);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      // Each base64url character carries 6 bits.
      expect(token.length * 6).toBeGreaterThanOrEqual(128);
      expect(token).not.toContain(session.sessionKey);
      expect(token).not.toContain(session.captureToken);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // Random, not sequential or derived: the tokens share no long common prefix.
    const [a, b] = tokens as [string, string];
    let common = 0;
    while (common < a.length && a[common] === b[common]) common += 1;
    expect(common).toBeLessThan(8);
  });

  it('answers 404 JSON for an unknown token of the right shape', async () => {
    const token = tokenOf(urls.get(1) as string);
    // Same length and alphabet, one character changed: still unknown.
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expectNotFoundJson(`/photos/${altered}`);
    await expectNotFoundJson(`/photos/${'A'.repeat(token.length)}`);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'A'.repeat(200)],
    ['bad characters', 'AAAAAAAAAAAAAAAAAAAAAAAA.jpg'],
    ['percent-encoded path', '..%2F..%2Fv1%2Fsessions'],
    ['a session key', 'ABC-1234567890'],
  ])('answers 404 JSON for a malformed token (%s)', async (_label, token) => {
    await expectNotFoundJson(`/photos/${token}`);
  });

  it('does not serve a photo at its token with extra path segments or in another case', async () => {
    const token = tokenOf(urls.get(1) as string);
    await expectNotFoundJson(`/photos/${token}/x`);
    const swapped = token.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    if (swapped !== token) await expectNotFoundJson(`/photos/${swapped}`);
  });
});
