// The odometer through the real capture flow (docs/capture.md#odometer-reading): a cluster photo is read by the server
// and its mileage listed as odometer_suggested; the person confirms it or types another with setOdometer; the session
// and the results carry odom_captured and odom_match. The OCR starts once for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { createSession, finishCapture, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { makeClusterPhoto } from '../support/cluster-photos.js';

const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';
const SET_ODOMETER = `mutation($k: String!, $reading: Int!, $unit: OdometerUnit) {
  setOdometer(sessionKey: $k, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }
}`;

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ ODOMETER_READING: 'on' });
  account = await server.createAccount();
  // The OCR's start (seconds of CPU) before any photo, as main.ts does at start-up.
  await server.app.services.odometerReader?.warmUp();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function startedSession(theme: string, vehicle: Record<string, unknown>): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account, { session: { theme }, vehicle });
  const started = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, START, { k: session.sessionKey });
  expect(started.data?.startCapture?.status).toBe('STARTED');
  return session;
}

async function uploadByApi(session: CreatedSession, photoCode: number, bytes: Buffer) {
  const response = await fetch(`${server.baseUrl}/v1/sessions/${session.sessionKey}/photos/${photoCode}`, {
    method: 'POST',
    headers: { ...signRequestHeaders(account), 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { photo_code: number; approved: boolean; odometer_suggested: number | null };
}

async function setOdometer(session: CreatedSession, reading: number, unit?: 'KM' | 'MI') {
  return graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, SET_ODOMETER, { k: session.sessionKey, reading, unit });
}

/** The other photos of the theme, then confirmation; returns the results' vehicle. */
async function finish(session: CreatedSession, theme: string, seedBase: number) {
  await finishCapture(server.baseUrl, session, theme, seedBase, [3]);
  const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
  expect(results.status).toBe(200);
  return results.body.vehicle as Record<string, unknown>;
}

describe('the odometer of the cluster photo', () => {
  it('suggests the mileage drawn on the cluster, is confirmed as read from the photo, and matches the given reading', async () => {
    const session = await startedSession('PRO', { odom_reading: 48_000, odom_unit: 'km' });
    // A cluster photo with no odometer on it suggests nothing; the retake with one suggests its mileage.
    expect(await uploadByApi(session, 3, await makeScene({ seed: 3101 }))).toMatchObject({ photo_code: 3, approved: true, odometer_suggested: null });
    const cluster = await uploadByApi(session, 3, await makeClusterPhoto({ kind: 'screen', reading: 48_213, unit: 'km', seed: 1 }));
    expect(cluster).toMatchObject({ photo_code: 3, approved: true, odometer_suggested: 48_213 });
    // Only the cluster view is read.
    expect(await uploadByApi(session, 2, await makeScene({ seed: 3102 }))).toMatchObject({ approved: true, odometer_suggested: null });

    const listed = await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode odometerSuggested } odometerCaptured { reading } } }',
      { k: session.sessionKey },
    );
    expect(listed.data?.inspectionSession).toEqual({
      photos: [
        { photoCode: 3, odometerSuggested: null },
        { photoCode: 3, odometerSuggested: 48_213 },
        { photoCode: 2, odometerSuggested: null },
      ],
      odometerCaptured: null,
    });

    const confirmed = await setOdometer(session, 48_213, 'KM');
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data?.setOdometer?.odometerCaptured).toEqual({ reading: 48_213, unit: 'KM', source: 'PHOTO' });
    const shown = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`);
    expect(shown.body.vehicle).toMatchObject({ odom_reading: 48_000, odom_captured: { reading: 48_213, unit: 'km', source: 'photo' }, odom_match: true });

    const vehicle = await finish(session, 'PRO', 3200);
    expect(vehicle).toMatchObject({ odom_reading: 48_000, odom_unit: 'km', odom_captured: { reading: 48_213, unit: 'km', source: 'photo' }, odom_match: true });
  }, 180_000);

  it('takes a typed reading, refusing one that is no odometer reading, and flags one far from the given reading', async () => {
    const session = await startedSession('LITE', { odom_reading: 30_000, odom_unit: 'mi' });
    const negative = await setOdometer(session, -5, 'MI');
    expect(negative.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'INVALID_ODOMETER' });
    expect(negative.errors?.[0]?.message).toBe('The odometer reading cannot be negative.');
    const tooLarge = await setOdometer(session, 10_000_000, 'MI');
    expect(tooLarge.errors?.[0]?.message).toBe('The odometer reading can be at most 9,999,999.');

    // Without a unit, the reading is in the integrator's odom_unit.
    const typed = await setOdometer(session, 61_000);
    expect(typed.data?.setOdometer?.odometerCaptured).toEqual({ reading: 61_000, unit: 'MI', source: 'TYPED' });
    const vehicle = await finish(session, 'LITE', 3300);
    expect(vehicle).toMatchObject({ odom_captured: { reading: 61_000, unit: 'mi', source: 'typed' }, odom_match: false });
    // After confirmation the reading is fixed: the capture link only reads.
    expect((await setOdometer(session, 30_000, 'MI')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }, 180_000);
});
