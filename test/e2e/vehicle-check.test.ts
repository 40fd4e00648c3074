// The vehicle check through the service (docs/capture.md#vehicle-check): exterior views get a flag and a box in the
// photos list, the upload's answer and GraphQL; `advise` accepts with the flag, `reject` rejects with its code and plain
// reason, other views and `off` are not checked. One server per mode; each loads the model once, on its first photo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';
import { makeStreet, makeVehiclePhoto } from '../support/vehicle-photos.js';

interface Service {
  server: TestServer;
  account: TestAccount;
}

async function start(mode: string): Promise<Service> {
  const server = await startTestServer({ VEHICLE_CHECK: mode });
  return { server, account: await server.createAccount() };
}

async function upload({ server, account }: Service, sessionKey: string, code: number, photo: Buffer) {
  const response = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/photos/${code}`, {
    method: 'POST',
    headers: { ...signRequestHeaders(account), 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo) as Uint8Array<ArrayBuffer>,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe('VEHICLE_CHECK=advise (the default)', () => {
  let service: Service;
  beforeAll(async () => {
    service = await start('advise');
  });
  afterAll(() => service.server.stop());

  it('accepts a street without a vehicle on an exterior view with the flag no_vehicle, and a framed bus as ok with its box', async () => {
    const { sessionKey } = await createSession(service.server.baseUrl, service.account);
    const street = await upload(service, sessionKey, 4, await makeStreet(11));
    expect(street).toMatchObject({ photo_code: 4, approved: true, rejection_code: null, vehicle_check: 'no_vehicle', vehicle_box: null });
    const bus = await upload(service, sessionKey, 5, await makeVehiclePhoto('bus', 'framed', 12));
    expect(bus).toMatchObject({
      approved: true,
      vehicle_check: 'ok',
      vehicle_box: { x: expect.any(Number), width: expect.any(Number), score: expect.any(Number) },
    });
    expect(bus.vehicle_box.width).toBeGreaterThan(0.6);
    // Not an exterior view: the VIN sticker is never checked.
    const vin = await upload(service, sessionKey, 1, await makeStreet(13));
    expect(vin).toMatchObject({ approved: true, vehicle_check: null, vehicle_box: null });

    const listed = await apiRequest(service.server.baseUrl, service.account, 'GET', `/v1/sessions/${sessionKey}/photos`);
    expect(listed.body).toEqual([street, bus, vin]);
    const graphql = await graphqlRequest(
      service.server.baseUrl,
      { account: service.account },
      'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode vehicleCheck vehicleBox { x y width height score } } } }',
      { k: sessionKey },
    );
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data.inspectionSession.photos).toEqual([
      { photoCode: 4, vehicleCheck: 'NO_VEHICLE', vehicleBox: null },
      { photoCode: 5, vehicleCheck: 'OK', vehicleBox: bus.vehicle_box },
      { photoCode: 1, vehicleCheck: null, vehicleBox: null },
    ]);
  }, 120_000);
});

describe('VEHICLE_CHECK=reject', () => {
  let service: Service;
  beforeAll(async () => {
    service = await start('reject');
  });
  afterAll(() => service.server.stop());

  it('rejects a wall of windows as NO_VEHICLE and an SUV far away as TOO_FAR, in plain words, and accepts a framed bus', async () => {
    const { sessionKey } = await createSession(service.server.baseUrl, service.account);
    expect(await upload(service, sessionKey, 4, await makeStreet(21))).toMatchObject({
      approved: false,
      rejection_code: 'NO_VEHICLE',
      approved_message: 'REJECTED: No vehicle found in the photo: this view needs the whole vehicle in the picture',
      vehicle_check: 'no_vehicle',
    });
    expect(await upload(service, sessionKey, 7, await makeVehiclePhoto('suv', 'far', 22))).toMatchObject({
      approved: false,
      rejection_code: 'TOO_FAR',
      vehicle_check: 'too_far',
      vehicle_box: { width: expect.any(Number) },
    });
    expect(await upload(service, sessionKey, 8, await makeVehiclePhoto('bus', 'framed', 23))).toMatchObject({ approved: true, vehicle_check: 'ok' });
  }, 120_000);
});

describe('VEHICLE_CHECK=off', () => {
  let service: Service;
  beforeAll(async () => {
    service = await start('off');
  });
  afterAll(() => service.server.stop());

  it('checks nothing: an exterior view without a vehicle is accepted with no flag', async () => {
    expect(service.server.app.services.vehicleDetector).toBeNull();
    const { sessionKey } = await createSession(service.server.baseUrl, service.account);
    expect(await upload(service, sessionKey, 4, await makeStreet(31))).toMatchObject({ approved: true, vehicle_check: null, vehicle_box: null });
  });
});
