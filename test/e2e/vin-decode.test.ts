// VIN decoding against the offline vPIC data (docs/capture.md), through the running server: GET /v1/vin/:vin and
// decodeVin with real VINs of known vehicles, 400 for VINs that break the rules, and the session representation and
// the results carrying the decode, the vehicle fields it fills and whether the integrator's details agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { ACCORD_DECODE } from '../support/vin-decodes.js';
import { completeSession, createSession, startCapture } from '../support/capture-flow.js';

const ACCORD = '1HGCM82633A004352';
const COROLLA = '2T1BURHEXJC000001';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  // The server loads the VIN data on its first decode; on a busy machine that alone may take most of a test's time.
  expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/vin/${ACCORD}`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /v1/vin/:vin', () => {
  it('decodes real VINs into year, make, model and the rest', async () => {
    const accord = await apiRequest(server.baseUrl, account, 'GET', `/v1/vin/${ACCORD}`);
    expect(accord.status).toBe(200);
    expect(accord.body).toEqual(ACCORD_DECODE);
    // A Korean VIN carries no check digit; a lower-case VIN is the same VIN.
    const kona = await apiRequest(server.baseUrl, account, 'GET', '/v1/vin/km8k2cab4pu001140');
    expect(kona.status).toBe(200);
    expect(kona.body).toMatchObject({ vin: 'KM8K2CAB4PU001140', valid: true, year: 2023, make: 'Hyundai', model: 'Kona', body_type: 'SUV' });
  });

  it('refuses a wrong check digit, I, O or Q, and a wrong length with 400 and the reason', async () => {
    const refused = {
      '1HGCM82643A004352': /9th character/,
      '1HGCM82633A00435O': /never I, O or Q/,
      '1HGCM82633A00435': /17 characters/,
      '1HGCM82633A0043521': /17 characters/,
    };
    for (const [vin, reason] of Object.entries(refused)) {
      const answer = await apiRequest(server.baseUrl, account, 'GET', `/v1/vin/${vin}`);
      expect(answer.status, vin).toBe(400);
      expect(answer.body.message).toMatch(reason);
    }
  });

  it('needs the API headers', async () => {
    const answer = await fetch(`${server.baseUrl}/v1/vin/${ACCORD}`);
    expect(answer.status).toBe(403);
    expect(await answer.json()).not.toHaveProperty('make');
  });
});

describe('decodeVin', () => {
  it('answers the same decode in GraphQL, and BAD_REQUEST for an invalid VIN', async () => {
    const query = 'query($vin: String!) { decodeVin(vin: $vin) { vin valid year make model trim bodyType engineType fuelType } }';
    const decoded = await graphqlRequest(server.baseUrl, { account }, query, { vin: COROLLA });
    expect(decoded.errors).toBeUndefined();
    expect(decoded.data?.decodeVin).toMatchObject({ vin: COROLLA, valid: true, year: 2018, make: 'Toyota', model: 'Corolla', bodyType: 'Sedan' });
    const refused = await graphqlRequest(server.baseUrl, { account }, query, { vin: '2T1BURHE0JC000001' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});

describe('the decode in the session and the results', () => {
  it('fills empty fields and flags a make that contradicts the VIN', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { vin: ACCORD, make: 'Toyota' } });
    const shown = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`);
    expect(shown.body.vehicle).toMatchObject({
      vin: ACCORD,
      make: 'Toyota',
      year: 2003,
      model: 'Accord',
      trim: 'EX-V6',
      body_type: 'Coupe',
      details_match: false,
    });
    expect(shown.body.vehicle.decoded).toMatchObject({ make: 'Honda', model: 'Accord', year: 2003 });

    const graphql = await graphqlRequest(server.baseUrl, { account }, 'query($k: String!) { inspectionSession(sessionKey: $k) { vehicle } }', {
      k: session.sessionKey,
    });
    expect(graphql.data?.inspectionSession?.vehicle).toMatchObject({ make: 'Toyota', model: 'Accord', details_match: false, decoded: { make: 'Honda' } });
  });

  it('agrees when the given details are the decoded ones, and says nothing without a VIN', async () => {
    const agreeing = await createSession(server.baseUrl, account, {
      session: { theme: 'LITE' },
      vehicle: { vin: ACCORD, year: 2003, make: 'HONDA', model: 'accord' },
    });
    expect(agreeing.sessionKey).toBeTruthy();
    const shown = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${agreeing.sessionKey}`);
    expect(shown.body.vehicle).toMatchObject({ make: 'HONDA', model: 'accord', details_match: true });

    const without = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { make: 'Honda' } });
    const withoutShown = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${without.sessionKey}`);
    expect(withoutShown.body.vehicle).toMatchObject({ make: 'Honda', year: null, decoded: null, details_match: null });
  });

  it('decodes the VIN typed on the capture page rather than the given one, in the results', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { vin: ACCORD, year: 2003 } });
    await startCapture(server.baseUrl, session);
    const typed = await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'mutation($k: String!, $vin: String!) { setVin(sessionKey: $k, vin: $vin) { sessionKey } }',
      { k: session.sessionKey, vin: COROLLA },
    );
    expect(typed.errors).toBeUndefined();
    await completeSession(server.baseUrl, session, 'LITE', 3100);
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.body.vehicle).toMatchObject({
      vin: ACCORD,
      vin_captured: COROLLA,
      vin_match: false,
      year: 2003,
      make: 'Toyota',
      model: 'Corolla',
      details_match: false,
      decoded: { vin: COROLLA, make: 'Toyota', year: 2018 },
    });
  });
});
