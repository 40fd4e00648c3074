// Each request checks its credentials once: the rate limiter, the REST routes and the GraphQL context share the
// look-up of a capture token (or of the API headers), so a guest's GraphQL request does not read its session twice
// for the same token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counter } from 'prom-client';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { graphqlRequest } from '../support/graphql.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';

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

describe('a capture token over HTTP', () => {
  it('is looked up once per GraphQL request, though the rate limiter and the context both ask', async () => {
    const query = 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }';
    expect((await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey })).data).toBeTruthy();
    const before = await sessionReads();
    const result = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey });
    expect(result.data?.inspectionSession?.status).toBe('IDLE');
    // The token's session, then the session the field reads: two finds, not three.
    expect((await sessionReads()) - before).toBe(2);
  });

  it('reads the session’s captures once for the capture page’s photos and captured VIN', async () => {
    const query = 'query($k: String!) { inspectionSession(sessionKey: $k) { photos { photoCode } vinCaptured } }';
    const before = await findsIn('captures');
    const result = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey });
    expect(result.data?.inspectionSession).toEqual({ photos: [], vinCaptured: null });
    expect((await findsIn('captures')) - before).toBe(1);
  });
});
