// Each request checks its credentials once: the rate limiter, the REST routes and the GraphQL context share the
// look-up of a capture token (or of the API headers), and the session that look-up read is the one the request's
// first field works on, so a guest's GraphQL operation reads its session once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counter } from 'prom-client';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { graphqlRequest } from '../support/graphql.js';
import { createSession, startCapture, type CreatedSession } from '../support/capture-flow.js';

let server: TestServer;
let session: CreatedSession;

beforeAll(async () => {
  server = await startTestServer({ EXPIRY_SWEEP_INTERVAL_MS: '3600000', MONGODB_COMMAND_METRICS: 'true' });
  session = await createSession(server.baseUrl, await server.createAccount());
});
afterAll(() => server?.stop());

async function findsIn(collection: string): Promise<number> {
  const counter = server.app.services.metrics.registry.getSingleMetric('mongodb_commands_total') as Counter | undefined;
  const values = (await counter?.get())?.values ?? [];
  return values.filter((value) => value.labels.command === 'find' && value.labels.collection === collection).reduce((sum, value) => sum + value.value, 0);
}

const sessionReads = () => findsIn('inspection_sessions');
const ADD_NOTE = 'mutation($k: String!, $t: String!) { addNote(sessionKey: $k, title: $t, description: "guest note") { title } }';

describe('a capture token over HTTP', () => {
  it('is looked up once per GraphQL request, though the rate limiter and the context both ask', async () => {
    const query = 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }';
    expect((await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey })).data).toBeTruthy();
    const before = await sessionReads();
    const result = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey });
    expect(result.data?.inspectionSession?.status).toBe('IDLE');
    // The token's session is the one the field reads: one find, not three (rate limiter, context, field).
    expect((await sessionReads()) - before).toBe(1);
  });

  it('is read once for a guest note, the capture page’s most frequent write', async () => {
    await startCapture(server.baseUrl, session);
    const before = await sessionReads();
    const note = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, ADD_NOTE, { k: session.sessionKey, t: 'Scratch' });
    expect(note.data?.addNote?.title).toBe('Scratch');
    expect((await sessionReads()) - before).toBe(1);
  });

  it('hands the session read for the token to the first field only: a later field reads it as the first one left it', async () => {
    const other = await createSession(server.baseUrl, await server.createAccount());
    const both = `mutation($k: String!, $t: String!) {
      startCapture(sessionKey: $k) { status }
      addNote(sessionKey: $k, title: $t, description: "after the start") { title }
    }`;
    const result = await graphqlRequest(server.baseUrl, { captureToken: other.captureToken }, both, { k: other.sessionKey, t: 'Dent' });
    // With the token's (IDLE) session handed to addNote too, the note would be refused: "Start the capture…".
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ startCapture: { status: 'STARTED' }, addNote: { title: 'Dent' } });
  });

  it('reads the session’s captures once for the capture page’s photos and captured VIN', async () => {
    const query = 'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode } vinCaptured } }';
    const before = await findsIn('captures');
    const result = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey });
    expect(result.data?.inspectionSession).toEqual({ photos: [], vinCaptured: null });
    expect((await findsIn('captures')) - before).toBe(1);
  });
});
