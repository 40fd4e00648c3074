// Results' durations and source (docs/rest-guide.md "Results"; the rules' edge cases in test/domain/results.test.ts):
// capture_duration from the first photo taken to the confirmation, inspect_duration from the confirmation to the completion, and who created the session — an API key
// (REST, or GraphQL with the API headers) or a person signed in to the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { cookieGraphql, signedInAs } from '../support/sign-in.js';
import { graphqlRequest } from '../support/graphql.js';
import { completeSession, createSession, type CreatedSession } from '../support/capture-flow.js';

const CREATE = 'mutation { createInspectionSession(input: { session: { theme: "LITE" } }) { sessionKey captureUrl } }';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
}, 60_000);
afterAll(() => server?.stop());

function created(sessionKey: string, captureUrl: string): CreatedSession {
  return { sessionKey, captureUrl, captureToken: captureUrl.split('#')[1] as string };
}

async function results(sessionKey: string) {
  const answer = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('results durations and source', () => {
  it('counts the capture from the first photo taken to the confirmation', async () => {
    const session = await createSession(server.baseUrl, account);
    await completeSession(server.baseUrl, session, 'LITE', 3100);

    const body = await results(session.sessionKey);
    const photos = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`)).body as { created_at: string }[];
    const firstTaken = Math.min(...photos.map((photo) => Date.parse(photo.created_at)));
    const confirmed = Date.parse(body.session.inspect_ended_at);
    expect(body.session.capture_duration).toBe(Math.floor((confirmed - firstTaken) / 1000));
    expect(Number.isInteger(body.session.inspect_duration)).toBe(true);
    expect(body.session.inspect_duration).toBeGreaterThanOrEqual(0);
    expect(body.session.source).toEqual({ type: 'api' });
  }, 120_000);

  it('says dashboard for a session a signed-in person created, api for one created with the API headers over GraphQL', async () => {
    expect(
      (await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username: `owner-${account.username}`, password: 'a-long-password-1', role: 'owner' }))
        .status,
    ).toBe(201);
    const cookie = await signedInAs(server.baseUrl, `owner-${account.username}`, 'a-long-password-1');
    const byPerson = await cookieGraphql(server.baseUrl, cookie, CREATE);
    expect(byPerson.errors).toBeUndefined();
    const byKey = await graphqlRequest(server.baseUrl, { account }, CREATE);
    expect(byKey.errors).toBeUndefined();
    const sessions = [byPerson.data, byKey.data].map((data) => {
      const session = (data as { createInspectionSession: { sessionKey: string; captureUrl: string } }).createInspectionSession;
      return created(session.sessionKey, session.captureUrl);
    });
    for (const [index, session] of sessions.entries()) await completeSession(server.baseUrl, session, 'LITE', 3200 + index * 50);
    expect((await results(sessions[0]!.sessionKey)).session.source).toEqual({ type: 'dashboard' });
    expect((await results(sessions[1]!.sessionKey)).session.source).toEqual({ type: 'api' });
  }, 180_000);
});
