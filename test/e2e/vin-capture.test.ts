// The VIN of a vehicle through the real capture flow (docs/capture.md): barcodes drawn by bwip-js on photo-like VIN
// photos are read by the server, listed as decoded_vin, typed with setVin when unreadable, and reported in the
// results as vin_captured and vin_match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, finishCapture, type CreatedSession } from '../support/capture-flow.js';
import { makeVinLabelPhoto, makeVinlessPhoto, type VinPhotoOptions } from '../support/vin-labels.js';

const VIN = '1HGCM82633A004352';
const OTHER_VIN = '2T1BURHE0JC014702';
const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';
const SET_VIN = 'mutation($k: String!, $vin: String!) { setVin(sessionKey: $k, vin: $vin) { sessionKey status } }';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function startedSession(vin: string | null): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { vin } });
  const started = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, START, { k: session.sessionKey });
  expect(started.data?.startCapture?.status).toBe('STARTED');
  return session;
}

async function uploadVinPhoto(session: CreatedSession, bytes: Buffer) {
  const result = await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, bytes);
  expect(result.body.errors).toBeUndefined();
  expect(result.body.data?.capturePhoto?.approved).toBe(true);
}

async function listedPhotos(session: CreatedSession): Promise<{ photo_code: number; decoded_vin: string | null }[]> {
  const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
  expect(listed.status).toBe(200);
  return listed.body;
}

/** The other photos of LITE, then confirmation; returns the results object. */
async function finish(session: CreatedSession, seedBase: number) {
  await finishCapture(server.baseUrl, session, 'LITE', seedBase, [1]);
  const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
  expect(results.status).toBe(200);
  return results.body as { vehicle: { vin: string | null; vin_captured: string | null; vin_match: boolean | null } };
}

describe('VIN from the barcode of the VIN photo', () => {
  it('reads Code 128, DataMatrix, QR and an imported-vehicle Code 39 label, tilted, and reports a matching VIN', async () => {
    const session = await startedSession(VIN);
    const labels: VinPhotoOptions[] = [
      { text: VIN, symbology: 'code128', angle: -6, seed: 211 },
      { text: VIN, symbology: 'datamatrix', angle: 14, seed: 212 },
      { text: `VIN:${VIN};MAKE:HONDA;YEAR:2003`, symbology: 'qrcode', angle: -9, seed: 213 },
      { text: `I${VIN}`, symbology: 'code39', angle: 7, seed: 214 },
    ];
    for (const label of labels) await uploadVinPhoto(session, await makeVinLabelPhoto(label));
    const vinPhotos = (await listedPhotos(session)).filter((photo) => photo.photo_code === 1);
    expect(vinPhotos.map((photo) => photo.decoded_vin)).toEqual([VIN, VIN, VIN, VIN]);

    const graphqlPhotos = await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode decodedVin } } }',
      { k: session.sessionKey },
    );
    expect(graphqlPhotos.data?.inspectionSession?.photos).toEqual(labels.map(() => ({ photoCode: 1, decodedVin: VIN })));

    const results = await finish(session, 2100);
    expect(results.vehicle).toMatchObject({ vin: VIN, vin_captured: VIN, vin_match: true });
    // Only the VIN photo is read: the other photos carry null.
    expect((await listedPhotos(session)).filter((photo) => photo.photo_code !== 1).every((photo) => photo.decoded_vin === null)).toBe(true);
  });

  it("reports vin_match false when the label's VIN is not the integrator's", async () => {
    const session = await startedSession(OTHER_VIN);
    await uploadVinPhoto(session, await makeVinLabelPhoto({ text: VIN, symbology: 'code128', angle: 4, seed: 221 }));
    expect((await listedPhotos(session)).find((photo) => photo.photo_code === 1)?.decoded_vin).toBe(VIN);
    const results = await finish(session, 2200);
    expect(results.vehicle).toMatchObject({ vin: OTHER_VIN, vin_captured: VIN, vin_match: false });
  });

  it('takes a typed VIN when no barcode is readable, refusing an invalid one', async () => {
    const session = await startedSession(VIN);
    const capture = { captureToken: session.captureToken };
    await uploadVinPhoto(session, await makeVinlessPhoto(231));
    expect((await listedPhotos(session)).find((photo) => photo.photo_code === 1)?.decoded_vin).toBeNull();

    const tooShort = await graphqlRequest(server.baseUrl, capture, SET_VIN, { k: session.sessionKey, vin: '1HGCM82633A00435' });
    expect(tooShort.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'INVALID_VIN' });
    expect(tooShort.errors?.[0]?.message).toContain('17 characters');
    const wrongCheckDigit = await graphqlRequest(server.baseUrl, capture, SET_VIN, { k: session.sessionKey, vin: '1HGCM82623A004352' });
    expect(wrongCheckDigit.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'INVALID_VIN' });
    expect(wrongCheckDigit.errors?.[0]?.message).toContain('9th character');

    const typed = await graphqlRequest(server.baseUrl, capture, SET_VIN, { k: session.sessionKey, vin: ' 1hgcm82633a004352 ' });
    expect(typed.errors).toBeUndefined();
    expect(typed.data?.setVin?.sessionKey).toBe(session.sessionKey);

    const results = await finish(session, 2300);
    expect(results.vehicle).toMatchObject({ vin: VIN, vin_captured: VIN, vin_match: true });
    // After confirmation the VIN is fixed: the capture link only reads.
    const late = await graphqlRequest(server.baseUrl, capture, SET_VIN, { k: session.sessionKey, vin: OTHER_VIN });
    expect(late.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reports the VIN given last: one typed after a decoded label wins', async () => {
    const session = await startedSession(VIN);
    await uploadVinPhoto(session, await makeVinLabelPhoto({ text: VIN, symbology: 'datamatrix', seed: 241 }));
    expect((await listedPhotos(session)).find((photo) => photo.photo_code === 1)?.decoded_vin).toBe(VIN);
    const typed = await graphqlRequest(server.baseUrl, { account }, SET_VIN, { k: session.sessionKey, vin: OTHER_VIN });
    expect(typed.errors).toBeUndefined();
    const results = await finish(session, 2400);
    expect(results.vehicle).toMatchObject({ vin: VIN, vin_captured: OTHER_VIN, vin_match: false });
  });
});
