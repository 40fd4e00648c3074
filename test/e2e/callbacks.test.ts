// Callback settings (docs/webhooks.md, without deliveries) over REST and GraphQL, with tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) => apiRequest(server.baseUrl, who, method, path, body);

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  account = await server.createAccount();
  other = await server.createAccount();
});
afterAll(() => server.stop());

describe('REST callbacks', () => {
  it('creates a callback with defaults and a whsec_ secret', async () => {
    const { status, body } = await api('POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: 'https://example.com/hooks/complete' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      api_key: account.apiKey,
      event: 'SESSION:COMPLETE',
      url: 'https://example.com/hooks/complete',
      method: 'POST',
      headers: {},
      payload: {},
      disabled: false,
      disabled_reason: null,
      active: true,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(body.secret.slice(6), 'base64')).toHaveLength(32);
  });

  it('accepts headers and payload as objects or as strings holding objects', async () => {
    const { status, body } = await api('POST', '/v1/callbacks', {
      event: 'SESSION:STAGE_CHANGE',
      url: 'https://example.com/stage',
      method: 'put',
      headers: '{"Authorization": "Bearer abc"}',
      payload: { dealer: 42 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ method: 'PUT', headers: { Authorization: 'Bearer abc' }, payload: { dealer: 42 } });
  });

  it('replaces the setting on a second POST for the same event, keeping the secret', async () => {
    const first = await api('POST', '/v1/callbacks', { event: 'SESSION:NOTE_INSERT', url: 'https://example.com/a' });
    const second = await api('POST', '/v1/callbacks', { event: 'SESSION:NOTE_INSERT', url: 'https://example.com/b', method: 'PATCH' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ url: 'https://example.com/b', method: 'PATCH', secret: first.body.secret });
    const list = await api('GET', '/v1/callbacks');
    expect(list.body.data.filter((callback: { event: string }) => callback.event === 'SESSION:NOTE_INSERT')).toHaveLength(1);
  });

  it('answers 400 "Missing required fields." when event or url is missing', async () => {
    for (const body of [{ url: 'https://example.com' }, { event: 'SESSION:COMPLETE' }, {}, [], 'null']) {
      const result = await api('POST', '/v1/callbacks', body);
      expect(result).toMatchObject({ status: 400, body: { message: 'Missing required fields.' } });
    }
  });

  it.each([
    [{ event: 'SESSION:UNKNOWN', url: 'https://example.com' }, 'event'],
    [{ event: 'SESSION:COMPLETE', url: 'not a url' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'ftp://example.com/x' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'http://127.0.0.1/hook' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'http://[::1]/hook' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'http://localhost:8080/hook' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'http://10.0.0.8/hook' }, 'url'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', method: 'GET' }, 'method'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', headers: '[1]' }, 'headers'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', headers: { 'X-N': 5 } }, 'headers'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', headers: { 'X-A': 'a\r\nInjected: 1' } }, 'headers'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', payload: 'not json' }, 'payload'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', payload: [1, 2] }, 'payload'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', payload: { $where: 'sleep(1000)' } }, 'payload'],
    [{ event: 'SESSION:COMPLETE', url: 'https://example.com', payload: '{"a.b": 1}' }, 'payload'],
  ])('rejects %j naming %s', async (body, field) => {
    const result = await api('POST', '/v1/callbacks', body);
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(field);
  });

  it('GET /v1/callbacks lists the account callbacks under data', async () => {
    const { status, body } = await api('GET', '/v1/callbacks');
    expect(status).toBe(200);
    expect(body.api_key).toBe(account.apiKey);
    expect(body.data.map((callback: { event: string }) => callback.event)).toEqual(
      expect.arrayContaining(['SESSION:COMPLETE', 'SESSION:STAGE_CHANGE', 'SESSION:NOTE_INSERT']),
    );
  });

  it('GET /v1/callbacks/:event returns the flat callback object', async () => {
    const { status, body } = await api('GET', `/v1/callbacks/${encodeURIComponent('SESSION:COMPLETE')}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['active', 'api_key', 'disabled', 'disabled_reason', 'event', 'headers', 'method', 'payload', 'secret', 'url']);
    expect((await api('GET', '/v1/callbacks/SESSION:COMPLETE')).status).toBe(200);
  });

  it('PUT updates an existing callback and requires url', async () => {
    const updated = await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { url: 'https://example.org/new', headers: { 'X-Token': 't' } });
    expect(updated).toMatchObject({ status: 200, body: { url: 'https://example.org/new', method: 'POST', headers: { 'X-Token': 't' } } });
    expect(await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { method: 'PUT' })).toMatchObject({ status: 400, body: { message: 'Missing required fields.' } });
    expect(await api('PUT', '/v1/callbacks/SESSION:COMPLETE', {})).toMatchObject({ status: 400, body: { message: 'Missing required fields.' } });
  });

  it('PUT with "disabled" alone turns a callback off and on, keeping its setting; with a setting, "disabled": true keeps it off', async () => {
    const off = await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { disabled: true });
    expect(off).toMatchObject({ status: 200, body: { url: 'https://example.org/new', headers: { 'X-Token': 't' }, disabled: true, active: false } });
    expect(off.body.disabled_reason).toBe('Disabled on request ("disabled": true).');
    const on = await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { disabled: false });
    expect(on).toMatchObject({ status: 200, body: { url: 'https://example.org/new', disabled: false, disabled_reason: null, active: true } });
    const replacedOff = await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { url: 'https://example.org/paused', disabled: true });
    expect(replacedOff).toMatchObject({ status: 200, body: { url: 'https://example.org/paused', headers: {}, disabled: true } });
    const replacedOn = await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { url: 'https://example.org/new', headers: { 'X-Token': 't' } });
    expect(replacedOn).toMatchObject({ status: 200, body: { disabled: false, disabled_reason: null } });
    expect(await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { disabled: 'false' })).toMatchObject({
      status: 400,
      body: { message: 'disabled must be true or false.' },
    });
    expect(await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { url: 'https://example.org/new', disabled: 1 })).toMatchObject({
      status: 400,
      body: { message: 'disabled must be true or false.' },
    });
    expect((await api('GET', '/v1/callbacks/SESSION:COMPLETE')).body).toMatchObject({ url: 'https://example.org/new', disabled: false });
  });

  it('answers 404 with the exact body for an event without a callback, and 400 for an unknown event', async () => {
    const expected = { api_key: account.apiKey, message: 'Your API Key does not have callback setting for the event SESSION:SMS_PROCESS.' };
    expect(await api('GET', '/v1/callbacks/SESSION:SMS_PROCESS')).toMatchObject({ status: 404, body: expected });
    expect(await api('PUT', '/v1/callbacks/SESSION:SMS_PROCESS', { url: 'https://example.com' })).toMatchObject({ status: 404, body: expected });
    expect(await api('DELETE', '/v1/callbacks/SESSION:SMS_PROCESS')).toMatchObject({ status: 404, body: expected });
    expect((await api('GET', '/v1/callbacks/NOT_AN_EVENT')).status).toBe(400);
  });

  it('DELETE removes the callback with the exact message', async () => {
    await api('POST', '/v1/callbacks', { event: 'SESSION:SMS_PROCESS', url: 'https://example.com/sms' });
    const removed = await api('DELETE', '/v1/callbacks/SESSION:SMS_PROCESS');
    expect(removed).toEqual({
      status: 200,
      headers: removed.headers,
      body: { api_key: account.apiKey, message: 'Callback setting SESSION:SMS_PROCESS has been successfully removed.' },
    });
    expect((await api('GET', '/v1/callbacks/SESSION:SMS_PROCESS')).status).toBe(404);
  });

  it('rotates the signing secret', async () => {
    const before = await api('GET', '/v1/callbacks/SESSION:COMPLETE');
    const rotated = await api('POST', '/v1/callbacks/SESSION:COMPLETE/rotate-secret');
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(before.body.secret);
  });

  it('isolates tenants: another account sees, changes and deletes none of these callbacks', async () => {
    expect((await api('GET', '/v1/callbacks', undefined, other)).body).toEqual({ api_key: other.apiKey, data: [] });
    expect((await api('GET', '/v1/callbacks/SESSION:COMPLETE', undefined, other)).status).toBe(404);
    expect((await api('PUT', '/v1/callbacks/SESSION:COMPLETE', { url: 'https://evil.example' }, other)).status).toBe(404);
    expect((await api('DELETE', '/v1/callbacks/SESSION:COMPLETE', undefined, other)).status).toBe(404);
    expect((await api('POST', '/v1/callbacks/SESSION:COMPLETE/rotate-secret', undefined, other)).status).toBe(404);
    expect((await api('GET', '/v1/callbacks/SESSION:COMPLETE')).body.url).toBe('https://example.org/new');
  });

  it('refuses unauthenticated calls with 403', async () => {
    const response = await fetch(`${server.baseUrl}/v1/callbacks`);
    expect(response.status).toBe(403);
  });
});

describe('GraphQL callbacks', () => {
  const graphql = async (query: string, variables: Record<string, unknown> = {}, who: TestAccount | null = account) => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who ? signRequestHeaders(who) : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  };

  it('runs the same use cases as REST', async () => {
    const set = await graphql(
      `mutation($input: CallbackSettingInput!) { setCallback(event: SESSION_STATUS_CHANGE, input: $input) { event url method headers payload secret apiKey } }`,
      { input: { url: 'https://example.com/status', method: 'PATCH', headers: { 'X-A': '1' }, payload: '{"k":"v"}' } },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setCallback).toMatchObject({
      event: 'SESSION:STATUS_CHANGE',
      method: 'PATCH',
      headers: { 'X-A': '1' },
      payload: { k: 'v' },
      apiKey: account.apiKey,
    });
    const rest = await api('GET', '/v1/callbacks/SESSION:STATUS_CHANGE');
    expect(rest.body.secret).toBe(set.data.setCallback.secret);

    const listed = await graphql('{ callbacks { event } callback(event: SESSION_STATUS_CHANGE) { url } }');
    expect(listed.data.callback.url).toBe('https://example.com/status');
    expect(listed.data.callbacks.map((callback: { event: string }) => callback.event)).toContain('SESSION:STATUS_CHANGE');

    const updated = await graphql('mutation { updateCallback(event: SESSION_STATUS_CHANGE, input: { url: "https://example.com/s2" }) { url method } }');
    expect(updated.data.updateCallback).toEqual({ url: 'https://example.com/s2', method: 'POST' });

    const deleted = await graphql('mutation { deleteCallback(event: SESSION_STATUS_CHANGE) }');
    expect(deleted.data.deleteCallback).toBe('Callback setting SESSION:STATUS_CHANGE has been successfully removed.');
  });

  it('maps validation, missing and auth failures to coded errors', async () => {
    const invalid = await graphql('mutation { setCallback(event: SESSION_COMPLETE, input: { url: "ftp://x" }) { url } }');
    expect(invalid.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const missing = await graphql('{ callback(event: SESSION_SMS_PROCESS) { url } }');
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Your API Key does not have callback setting for the event SESSION:SMS_PROCESS.',
      extensions: { code: 'NOT_FOUND' },
    });
    const anonymous = await graphql('{ callbacks { url } }', {}, null);
    expect(anonymous.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', error: 'Invalid API Timestamp' } });
    const foreign = await graphql('{ callbacks { url } }', {}, other);
    expect(foreign.data.callbacks).toEqual([]);
  });
});
