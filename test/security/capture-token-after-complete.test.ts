// A guest (someone holding only a capture link) after the inspection is complete (docs/limits.md): the capture token
// reads the status and the report but changes nothing, and 30 days after completion it stops working. Guest notes
// are taken only while capturing, so none can be slipped into a finished report. Time is moved through the
// service's clock, not waited for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto, type GraphQLResult } from '../support/graphql.js';
import { completeSession, createSession, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';

const DAY_MS = 86_400_000;
const STATUS = 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }';
const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';
const LOCATE = 'mutation($k: String!) { setLocation(sessionKey: $k, latitude: 48.85, longitude: 2.35) { status } }';
const NOTE = 'mutation($k: String!, $t: String!) { addNote(sessionKey: $k, title: $t, description: "added by the capture link") { user } }';
const CONFIRM = 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }';

let server: TestServer;
let account: TestAccount;
/** How far the service's clock runs ahead of the wall clock. */
let clockOffsetMs = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(Date.now() + clockOffsetMs) });
  account = await server.createAccount();
});

afterAll(async () => {
  await server?.stop();
});

const asGuest = (session: CreatedSession, query: string, variables: Record<string, unknown> = {}) =>
  graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey, ...variables });

const reportAsGuest = (session: CreatedSession) =>
  fetch(`${server.baseUrl}/capture/${session.sessionKey}/report`, { headers: { 'Capture-Token': session.captureToken } });

function errorCode(result: GraphQLResult): unknown {
  return result.errors?.[0]?.extensions?.code;
}

describe('a capture token after COMPLETE', () => {
  it('refuses every mutation with FORBIDDEN, stores nothing, and still reads the status and the report', async () => {
    const session = await createSession(server.baseUrl, account);
    await completeSession(server.baseUrl, session);

    const refusals = {
      startCapture: await asGuest(session, START),
      setLocation: await asGuest(session, LOCATE),
      addNote: await asGuest(session, NOTE, { t: 'Late guest note' }),
      confirmInspection: await asGuest(session, CONFIRM),
      capturePhoto: (await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, await makeScene({ seed: 77 }))).body,
    };
    for (const [mutation, result] of Object.entries(refusals)) {
      expect(errorCode(result), `${mutation}: ${JSON.stringify(result)}`).toBe('FORBIDDEN');
      expect(result.data?.[mutation] ?? null, mutation).toBeNull();
    }

    // Nothing changed: no guest note, no new photo, no location, no event.
    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/notes`);
    expect(notes.body).toEqual([]);
    const photos = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(photos.body).toHaveLength(6);
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.body.location).toBeNull();

    // Reads still work: the status and the condition report, which carries no late note.
    expect((await asGuest(session, STATUS)).data?.inspectionSession?.status).toBe('COMPLETE');
    const report = await reportAsGuest(session);
    expect(report.status).toBe(200);
    expect(await report.text()).not.toContain('Late guest note');

    // The integrator may still annotate a completed session with the API headers.
    const integratorNote = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, {
      title: 'Follow-up',
      description: 'called the seller',
    });
    expect(integratorNote.status).toBe(200);
  });

  it('stops working 30 days after completion: GraphQL answers FORBIDDEN, the report route as for an unknown token', async () => {
    clockOffsetMs = 0;
    const session = await createSession(server.baseUrl, account);
    await completeSession(server.baseUrl, session, 'LITE', 2000);
    try {
      clockOffsetMs = 30 * DAY_MS - 60_000;
      expect((await asGuest(session, STATUS)).data?.inspectionSession?.status).toBe('COMPLETE');
      expect((await reportAsGuest(session)).status).toBe(200);

      clockOffsetMs = 30 * DAY_MS + 1_000;
      const status = await asGuest(session, STATUS);
      expect(status.data?.inspectionSession ?? null).toBeNull();
      expect(errorCode(status)).toBe('FORBIDDEN');
      expect(errorCode(await asGuest(session, NOTE, { t: 'Much later' }))).toBe('FORBIDDEN');
      const report = await reportAsGuest(session);
      expect(report.status).toBe(404);
      expect(await report.json()).toEqual({ message: `Session ${session.sessionKey} cannot be found.`, request_id: expect.any(String) });
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('guest notes outside the capture', () => {
  it('are refused before the capture is started, and accepted while capturing', async () => {
    const session = await createSession(server.baseUrl, account);
    const early = await asGuest(session, NOTE, { t: 'Before starting' });
    expect(errorCode(early)).toBe('BAD_REQUEST');
    expect(early.errors?.[0]?.extensions?.reason).toBe('INVALID_STATUS');

    expect((await asGuest(session, START)).data?.startCapture?.status).toBe('STARTED');
    expect((await asGuest(session, NOTE, { t: 'While capturing' })).data?.addNote?.user).toBe('guest');
    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/notes`);
    expect(notes.body.map((note: { title: string }) => note.title)).toEqual(['While capturing']);
  });
});
