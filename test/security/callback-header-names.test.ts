// Callback header names are HTTP header names (RFC 9110 tokens) that are also safe as stored document keys: nothing
// that MongoDB or JavaScript reads as an operator, a path or a prototype. Values are printable ASCII without control
// characters (docs/limits.md): anything else would be stored and then fail every delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { graphqlRequest } from '../support/graphql.js';
import type { TestAccount } from '../support/signing.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

const HOOK = 'https://example.com/hook';

describe('callback header names', () => {
  it.each(['$where', '$set', 'a.b', '__proto__', 'X Space', 'X:Colon', ''])('refuses %j with 400 naming headers, and stores nothing', async (name) => {
    // Written by hand: JSON.stringify would drop a __proto__ key set through an object literal.
    const body = `{"event": "SESSION:COMPLETE", "url": "${HOOK}", "headers": {${JSON.stringify(name)}: "1"}}`;
    const tenant = await server.createAccount();
    const response = await apiRequest(server.baseUrl, tenant, 'POST', '/v1/callbacks', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^headers /);
    expect((await apiRequest(server.baseUrl, tenant, 'GET', '/v1/callbacks')).body.data).toEqual([]);
  });

  it('refuses them in the string form and through PUT too', async () => {
    const asString = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: HOOK, headers: '{"$where": "1"}' });
    expect(asString.status).toBe(400);
    expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: HOOK })).status).toBe(200);
    const put = await apiRequest(server.baseUrl, account, 'PUT', '/v1/callbacks/SESSION:COMPLETE', `{"url": "${HOOK}", "headers": {"__proto__": "1"}}`);
    expect(put.status).toBe(400);
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:COMPLETE')).body.headers).toEqual({});
  });

  it('refuses them through GraphQL with BAD_REQUEST', async () => {
    const result = await graphqlRequest(
      server.baseUrl,
      { account },
      'mutation($input: CallbackSettingInput!) { setCallback(event: SESSION_COMPLETE, input: $input) { event } }',
      { input: { url: HOOK, headers: { 'a.b': '1' } } },
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('accepts ordinary header names', async () => {
    const response = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', {
      event: 'SESSION:STATUS_CHANGE',
      url: HOOK,
      headers: { Authorization: 'Bearer x', 'X-Api-Version': '2', x_legacy_header: 'y' },
    });
    expect(response.status).toBe(200);
    expect(response.body.headers).toEqual({ Authorization: 'Bearer x', 'X-Api-Version': '2', x_legacy_header: 'y' });
  });
});

describe('callback header values', () => {
  const refused = [
    ['other alphabets', '中文'],
    ['a line separator', 'a\u2028b'],
    ['a bell', 'ring\u0007'],
    ['a tab', 'a\tb'],
    ['a delete', 'a\u007fb'],
    ['a line break', 'a\r\nX-Injected: 1'],
    ['an accented letter', 'café'],
  ];

  it.each(refused)('refuses %s at create and update with 400 naming headers, and stores nothing', async (_name, value) => {
    const tenant = await server.createAccount();
    const created = await apiRequest(server.baseUrl, tenant, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: HOOK, headers: { 'X-Key': value } });
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/^headers/);
    expect((await apiRequest(server.baseUrl, tenant, 'GET', '/v1/callbacks')).body.data).toEqual([]);

    expect(
      (await apiRequest(server.baseUrl, tenant, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: HOOK, headers: { 'X-Key': 'ok' } })).status,
    ).toBe(200);
    const updated = await apiRequest(server.baseUrl, tenant, 'PUT', '/v1/callbacks/SESSION:COMPLETE', {
      url: HOOK,
      headers: JSON.stringify({ 'X-Key': value }),
    });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toMatch(/^headers/);
    expect((await apiRequest(server.baseUrl, tenant, 'GET', '/v1/callbacks/SESSION:COMPLETE')).body.headers).toEqual({ 'X-Key': 'ok' });
  });

  it('refuses them through GraphQL at create and update with BAD_REQUEST', async () => {
    const tenant = await server.createAccount();
    const set = await graphqlRequest(
      server.baseUrl,
      { account: tenant },
      'mutation($input: CallbackSettingInput!) { setCallback(event: SESSION_COMPLETE, input: $input) { event } }',
      { input: { url: HOOK, headers: { 'X-Key': '中文' } } },
    );
    expect(set.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(set.errors?.[0]?.message).toMatch(/headers/);
    expect((await apiRequest(server.baseUrl, tenant, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: HOOK })).status).toBe(200);
    const update = await graphqlRequest(
      server.baseUrl,
      { account: tenant },
      'mutation($input: CallbackSettingInput!) { updateCallback(event: SESSION_COMPLETE, input: $input) { event } }',
      { input: { url: HOOK, headers: { 'X-Key': 'ring\u0007' } } },
    );
    expect(update.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect((await apiRequest(server.baseUrl, tenant, 'GET', '/v1/callbacks/SESSION:COMPLETE')).body.headers).toEqual({});
  });

  it('accepts every printable ASCII character, spaces included', async () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('');
    const response = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', {
      event: 'SESSION:NOTE_INSERT',
      url: HOOK,
      headers: { 'X-All': printable },
    });
    expect(response.status).toBe(200);
    expect(response.body.headers).toEqual({ 'X-All': printable });
  });
});
