// The capture link carries the capture token, which lets its holder act as the guest (docs/limits.md): the API headers,
// owners and inspectors see captureUrl / capture_url; a viewer (who only reads) and a guest get null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';
import { cookieGraphql, signedInAs } from '../support/sign-in.js';

const PASSWORD = 'correct horse battery staple';
const ONE = 'query($k: String!) { inspectionSession(sessionKey: $k) { sessionKey captureUrl } }';
const LIST = '{ inspectionSessions(first: 10) { edges { node { sessionKey captureUrl } } } }';

let server: TestServer;
let account: TestAccount;
let session: CreatedSession;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account);
  for (const role of ['owner', 'inspector', 'viewer']) {
    const username = `${role}-${Math.random().toString(36).slice(2, 10)}`;
    expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: PASSWORD, role })).status).toBe(201);
    cookies[role] = await signedInAs(server.baseUrl, username, PASSWORD);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('who sees the capture link', () => {
  it.each([
    ['owner', true],
    ['inspector', true],
    ['viewer', false],
  ])('a signed-in %s: shown %s, in a session and in the list', async (role, shown) => {
    const expected = shown ? session.captureUrl : null;
    const one = await cookieGraphql(server.baseUrl, cookies[role] as string, ONE, { k: session.sessionKey });
    expect(one.errors).toBeUndefined();
    expect(one.data.inspectionSession).toEqual({ sessionKey: session.sessionKey, captureUrl: expected });
    const list = await cookieGraphql(server.baseUrl, cookies[role] as string, LIST);
    expect(list.errors).toBeUndefined();
    expect(list.data.inspectionSessions.edges.map((edge: { node: unknown }) => edge.node)).toEqual([{ sessionKey: session.sessionKey, captureUrl: expected }]);
  });

  it('the API headers: in GraphQL and in every REST representation', async () => {
    const one = await graphqlRequest(server.baseUrl, { account }, ONE, { k: session.sessionKey });
    expect(one.data.inspectionSession.captureUrl).toBe(session.captureUrl);
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`)).body.capture_url).toBe(session.captureUrl);
    const updated = await apiRequest(server.baseUrl, account, 'PUT', `/v1/sessions/${session.sessionKey}`, { session: { language: 'fr' } });
    expect(updated.body.capture_url).toBe(session.captureUrl);
    expect(session.captureUrl).toMatch(new RegExp(`/capture/${session.sessionKey}#[A-Za-z0-9_-]{22,}$`));
  });

  it('a guest (capture token) gets null: it holds its own link already', async () => {
    const one = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, ONE, { k: session.sessionKey });
    expect(one.errors).toBeUndefined();
    expect(one.data.inspectionSession).toEqual({ sessionKey: session.sessionKey, captureUrl: null });
  });
});
