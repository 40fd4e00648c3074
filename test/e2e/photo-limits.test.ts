// docs/capture.md: a photo is at most 15 MB. A capturePhoto upload one byte over is refused while it is read (413,
// GraphQL error body) and leaves no trace: no capture, no stored file, no event, no status move; the session
// then takes a normal photo as usual. A file of exactly 15 MB is not refused by the limit.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto, wsEventRecorder, type EventRecorder } from '../support/graphql.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { folderUsage, temporaryDataDir } from '../support/folder-usage.js';

const LIMIT = 15 * 1024 * 1024;
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';

let server: TestServer;
let account: TestAccount;
const recorders: EventRecorder[] = [];
const api = (method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);

/** A JPEG header followed by random bytes, `size` bytes in all. */
function jpegLike(size: number): Buffer {
  return Buffer.concat([JPEG_HEADER, randomBytes(size - JPEG_HEADER.length)]);
}

async function startedSession(): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
  const started = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, START, { k: session.sessionKey });
  expect(started.data?.startCapture?.status).toBe('STARTED');
  return session;
}

/** Makes a note on the session and waits for it: events arrive in log order, so anything caused before it has arrived. */
async function endMarker(sessionKey: string, watcher: EventRecorder): Promise<void> {
  const marked = watcher.events.filter((event) => event.event === 'SESSION:NOTE_INSERT').length;
  await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: 'marker', description: 'end of what came before' });
  await watcher.waitFor((events) => events.filter((event) => event.event === 'SESSION:NOTE_INSERT').length > marked);
}

let dataDir: string;

async function storedPhotoFiles(): Promise<number> {
  return (await folderUsage(dataDir)).files.length;
}

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  server = await startTestServer({ DATA_DIR: dataDir });
  account = await server.createAccount();
});
afterAll(async () => {
  for (const recorder of recorders) await recorder.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the 15 MB photo limit', () => {
  it('refuses a photo one byte over the limit with 413 and stores nothing; a normal photo follows', async () => {
    const session = await startedSession();
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey });
    recorders.push(watcher);
    await watcher.ready;
    const filesBefore = await storedPhotoFiles();

    const oversize = jpegLike(LIMIT + 1);
    expect(oversize.length).toBe(15 * 1024 * 1024 + 1);
    const refused = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, oversize);
    expect(refused.status).toBe(413);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    expect(refused.body.errors?.[0]?.message).toMatch(/limit/i);

    // Nothing stored, nothing moved, nothing published: a note made after the refusal is the first event seen.
    await endMarker(session.sessionKey, watcher);
    expect(await api('GET', `/v1/sessions/${session.sessionKey}/photos`)).toMatchObject({ status: 200, body: [] });
    expect((await api('GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('STARTED');
    expect(await storedPhotoFiles()).toBe(filesBefore);
    expect(watcher.events.map((event) => event.event)).toEqual(['SESSION:NOTE_INSERT']);
    expect(watcher.errors).toEqual([]);

    // The same session takes a normal photo afterwards, and that one is the only capture and the only stage event.
    const normal = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, await makeScene({ seed: 701 }));
    expect(normal.status).toBe(200);
    expect(normal.body.errors).toBeUndefined();
    expect(normal.body.data.capturePhoto).toMatchObject({ photoCode: 1, approved: true, approvedMessage: 'ACCEPTED' });
    const photos = await api('GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(photos.body).toHaveLength(1);
    expect(photos.body[0]).toMatchObject({ photo_code: 1, approved: true, approved_message: 'ACCEPTED' });
    expect((await api('GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('PROCESS');
    // The accepted photo's original and its two thumbnails.
    expect(await storedPhotoFiles()).toBe(filesBefore + 3);

    await endMarker(session.sessionKey, watcher);
    const stages = watcher.events.filter((event) => event.event === 'SESSION:STAGE_CHANGE');
    expect(stages).toHaveLength(1);
    expect(stages[0]?.payload).toMatchObject({ session_key: session.sessionKey, photo_code: 1, photo_status: 'accepted' });
    expect(watcher.events.filter((event) => event.event === 'SESSION:STATUS_CHANGE').map((event) => event.payload.status)).toEqual(['PROCESS']);
    // The two markers, PROCESS and the one stage change: nothing else.
    expect(watcher.events).toHaveLength(4);
  }, 60_000);

  it('refuses an oversize photo the same way when an integrator sends it with the API headers', async () => {
    const session = await startedSession();
    const refused = await uploadPhoto(server.baseUrl, { account }, session.sessionKey, 2, jpegLike(LIMIT + 1));
    expect(refused.status).toBe(413);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    expect(await api('GET', `/v1/sessions/${session.sessionKey}/photos`)).toMatchObject({ status: 200, body: [] });
    expect((await api('GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('STARTED');
  }, 60_000);

  it('does not refuse a file of exactly 15 MB: quality control judges it', async () => {
    const session = await startedSession();
    const atLimit = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, jpegLike(LIMIT));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors).toBeUndefined();
    // Random bytes behind a JPEG header are no image: stored as a rejected capture with a reason.
    expect(atLimit.body.data.capturePhoto).toMatchObject({ photoCode: 1, approved: false, approvedMessage: expect.stringMatching(/^REJECTED: .+/) });
    const photos = await api('GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(photos.body).toHaveLength(1);
    expect(photos.body[0]).toMatchObject({ photo_code: 1, approved: false });
  }, 60_000);
});
