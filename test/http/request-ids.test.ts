// Request ids: every response names its request, error bodies (REST and GraphQL) quote it, and the log lines written
// while the request was handled carry it — the client's own id when it is acceptable, otherwise a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { captureLogs } from '../support/log-capture.js';

const logs = captureLogs();
let server: TestServer;
let account: TestAccount;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: logs.destination });
  account = await server.createAccount();
});
afterAll(() => server.stop());

describe('X-Request-Id', () => {
  it("echoes the client's acceptable id on a success", async () => {
    const response = await fetch(`${server.baseUrl}/health`, { headers: { 'x-request-id': 'Order-42.retry_1' } });
    expect(response.headers.get('x-request-id')).toBe('Order-42.retry_1');
  });

  it('gives a new id when the client sends none, or one too long or with other characters', async () => {
    for (const sent of [undefined, 'a'.repeat(129), 'has space', 'semi;colon', 'ünïcode']) {
      const response = await fetch(`${server.baseUrl}/health`, { headers: sent === undefined ? {} : { 'x-request-id': sent } });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    }
    const longest = 'b'.repeat(128);
    expect((await fetch(`${server.baseUrl}/health`, { headers: { 'x-request-id': longest } })).headers.get('x-request-id')).toBe(longest);
  });

  it('is quoted in every REST error body', async () => {
    const unknownRoute = await fetch(`${server.baseUrl}/v1/nothing-here`, { headers: { 'x-request-id': 'err-404' } });
    expect(await unknownRoute.json()).toEqual({ message: expect.any(String), request_id: 'err-404' });

    const unsigned = await fetch(`${server.baseUrl}/v1/callbacks`);
    const generated = unsigned.headers.get('x-request-id');
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ error: 'Invalid API Timestamp', request_id: generated });

    const malformed = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', '{"session": ', { 'x-request-id': 'err-400' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body.', request_id: 'err-400' });

    const missing = await apiRequest(server.baseUrl, account, 'GET', '/v1/sessions/ABC-0000000000', undefined, { 'x-request-id': 'err-missing' });
    expect(missing.body).toEqual({ message: 'Session ABC-0000000000 cannot be found.', request_id: 'err-missing' });
  });

  it('is not added to a successful body', async () => {
    const listed = await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks', undefined, { 'x-request-id': 'ok-1' });
    expect(listed.headers.get('x-request-id')).toBe('ok-1');
    expect(listed.body).not.toHaveProperty('request_id');
  });

  it("is quoted by GraphQL errors and carried by the request's log lines", async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'gql-trace-7', ...signRequestHeaders(account) },
      body: JSON.stringify({ query: 'query { inspectionSession(sessionKey: "ABC-0000000000") { status } }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('gql-trace-7');
    const answer = (await response.json()) as { errors?: { extensions?: Record<string, unknown> }[] };
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', request_id: 'gql-trace-7' });
    await expect.poll(() => logs.lines.filter((line) => line.msg === 'graphql client error' && line.request_id === 'gql-trace-7').length).toBe(1);
  });
});
