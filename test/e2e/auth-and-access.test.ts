// Request authentication (docs/rest-guide.md) and session access records (docs/rest-guide.md) through the running server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { TestClock } from '../support/clock.js';
import { apiTimestamp, apiToken, signRequestHeaders, type TestAccount } from '../support/signing.js';

const FAILURE_MESSAGE = 'The request could not be validated. Please recheck your API-Key and API-Token.';

let server: TestServer;
let account: TestAccount;
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestServer({}, { clock: clock.now });
  account = await server.createAccount();
});
afterEach(() => clock.reset());
afterAll(() => server.stop());

async function callSessions(headers: Record<string, string>, method = 'GET') {
  const response = await fetch(`${server.baseUrl}/v1/sessions`, { method, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('access records', () => {
  it('GET /v1/sessions returns a record expiring 300 s after the timestamp and echoing the headers', async () => {
    const headers = signRequestHeaders(account);
    const { status, body } = await callSessions(headers);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['api_key', 'api_token', 'expiration', 'session_id']);
    expect(body.api_key).toBe(account.apiKey);
    expect(body.api_token).toBe(headers['API-Token']);
    expect(body.session_id).toMatch(/^[0-9a-f]{32}$/);
    const expected = new Date(Date.parse(headers['API-Timestamp'] as string) + 300_000);
    expect(body.expiration).toBe(apiTimestamp(expected));
  });

  it('POST /v1/sessions with no body, a zero-length body or {} issues a record too', async () => {
    for (const body of [undefined, '', '{}']) {
      const response = await fetch(`${server.baseUrl}/v1/sessions`, {
        method: 'POST',
        headers: { ...signRequestHeaders(account), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      });
      expect(response.status).toBe(200);
      expect(Object.keys((await response.json()) as object).sort()).toEqual(['api_key', 'api_token', 'expiration', 'session_id']);
    }
  });

  it('accepts an issued token again with a later timestamp while the record is valid', async () => {
    const issuedAt = new Date(Date.now() - 60_000);
    const first = await callSessions(signRequestHeaders(account, issuedAt));
    expect(first.status).toBe(200);
    // Any route but a new access record (docs/limits.md: a record cannot mint its successor).
    const reused = await fetch(`${server.baseUrl}/v1/callbacks`, {
      headers: { 'API-Key': account.apiKey, 'API-Token': String(first.body.api_token), 'API-Timestamp': apiTimestamp() },
    });
    expect(reused.status).toBe(200);
  });

  it('refuses an issued token once its record has expired', async () => {
    const issuedAt = clock.now();
    const first = await callSessions(signRequestHeaders(account, issuedAt));
    expect(first.status).toBe(200);
    // The record expires at issuedAt + 300 s (whole seconds).
    clock.advance(301_000);
    const reused = await callSessions({ 'API-Key': account.apiKey, 'API-Token': String(first.body.api_token), 'API-Timestamp': apiTimestamp(clock.now()) });
    expect(reused).toEqual({ status: 403, body: { message: FAILURE_MESSAGE, error: 'Invalid API Token', request_id: expect.any(String) } });
  });
});

describe('403 labels', () => {
  const cases: [string, () => Record<string, string>, string][] = [
    ['missing headers', () => ({}), 'Invalid API Timestamp'],
    ['stale timestamp', () => signRequestHeaders(account, new Date(Date.now() - 301_000)), 'Invalid API Timestamp'],
    ['future timestamp', () => signRequestHeaders(account, new Date(Date.now() + 302_000)), 'Invalid API Timestamp'],
    ['malformed timestamp', () => ({ ...signRequestHeaders(account), 'API-Timestamp': new Date().toISOString() }), 'Invalid API Timestamp'],
    ['unknown key', () => ({ ...signRequestHeaders(account), 'API-Key': 'nope' }), 'Invalid API Key'],
    [
      'missing key',
      () => {
        const { 'API-Key': _omitted, ...rest } = signRequestHeaders(account);
        return rest;
      },
      'Invalid API Key',
    ],
    ['wrong token', () => ({ ...signRequestHeaders(account), 'API-Token': 'a'.repeat(64) }), 'Invalid API Token'],
    ['short token', () => ({ ...signRequestHeaders(account), 'API-Token': 'abc' }), 'Invalid API Token'],
    [
      'token for another timestamp',
      () => {
        const headers = signRequestHeaders(account);
        return { ...headers, 'API-Token': apiToken(account, apiTimestamp(new Date(Date.now() - 5_000))) };
      },
      'Invalid API Token',
    ],
  ];

  it.each(cases)('%s → %s', async (_name, headers, label) => {
    const result = await callSessions(headers());
    expect(result).toEqual({ status: 403, body: { message: FAILURE_MESSAGE, error: label, request_id: expect.any(String) } });
  });

  it('accepts the token in upper case and header names in any case', async () => {
    const headers = signRequestHeaders(account);
    const result = await callSessions({
      'api-key': headers['API-Key'] as string,
      'API-TOKEN': (headers['API-Token'] as string).toUpperCase(),
      'Api-Timestamp': headers['API-Timestamp'] as string,
    });
    expect(result.status).toBe(200);
  });

  it("does not accept one account's token for another account's key", async () => {
    const other = await server.createAccount();
    const headers = signRequestHeaders(other);
    const result = await callSessions({ ...headers, 'API-Key': account.apiKey });
    expect(result.body.error).toBe('Invalid API Token');
  });
});

describe('admin API', () => {
  const admin = (method: string, path: string, body?: unknown, token = 'test-admin-token-0123456789') =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('refuses a wrong or missing bearer token with 401', async () => {
    const response = await admin('GET', '/admin/accounts', undefined, 'wrong');
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('message');
    expect((await fetch(`${server.baseUrl}/admin/accounts`)).status).toBe(401);
  });

  it('creates an account with defaults and refuses a duplicate username with 409', async () => {
    const response = await admin('POST', '/admin/accounts', { username: 'acme-motors' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'acme-motors', expiration_hours: 72, default_theme: 'PRO' });
    expect(Buffer.from(String(body.api_key), 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(String(body.api_secret), 'base64url').length).toBeGreaterThanOrEqual(32);
    expect((await admin('POST', '/admin/accounts', { username: 'acme-motors' })).status).toBe(409);
  });

  it('validates the username and settings', async () => {
    for (const body of [{ username: 'AB' }, { username: '-bad' }, {}, { username: 'okname', default_theme: 'XL' }, { username: 'okname', extra: 1 }]) {
      const response = await admin('POST', '/admin/accounts', body);
      expect(response.status).toBe(400);
    }
  });

  it('lists accounts without secrets', async () => {
    const response = await admin('GET', '/admin/accounts');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown>[] };
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) expect(item).not.toHaveProperty('api_secret');
  });

  it('rotates a secret; the old one keeps working', async () => {
    const created = await server.createAccount();
    const response = await admin('POST', `/admin/accounts/${created.username}/rotate-secret`);
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as { api_secret: string };
    expect(rotated.api_secret).not.toBe(created.apiSecret);
    expect((await callSessions(signRequestHeaders(created))).status).toBe(200);
    expect((await callSessions(signRequestHeaders({ ...created, apiSecret: rotated.api_secret }))).status).toBe(200);
    expect((await admin('POST', '/admin/accounts/nobody-here/rotate-secret')).status).toBe(404);
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  it('does not exist', async () => {
    const bare = await startTestServer({ ADMIN_TOKEN: '' });
    try {
      const response = await fetch(`${bare.baseUrl}/admin/accounts`, { headers: { authorization: 'Bearer x' } });
      expect(response.status).toBe(404);
    } finally {
      await bare.stop();
    }
  });
});
