// JSON nested absurdly deep (docs/limits.md): a 400 naming the problem, never a 500 or an error-level log line, for
// REST bodies, free-form fields (contact, reference, a callback payload, also as a string holding JSON) and GraphQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { captureLogs } from '../support/log-capture.js';
import WebSocket from 'ws';

const logs = captureLogs();
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: logs.destination });
  account = await server.createAccount();
});
afterAll(() => server.stop());

/** `{"a":{"a":...1...}}` nested `depth` objects deep, as text (JSON.stringify itself cannot write it). */
const nestedObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nested 10,000 deep', () => {
  it.each(['contact', 'reference'])('in a session %s is refused with 400', async (field) => {
    const response = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', `{"session": {"${field}": ${nestedObjectText(10_000)}}}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/nested|deep/i);
  });

  it('in a callback payload, as an object or as a string holding one, is refused with 400', async () => {
    const asObject = `{"event": "SESSION:COMPLETE", "url": "https://example.com/hook", "payload": ${nestedObjectText(10_000)}}`;
    const asString = JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hook', payload: nestedObjectText(10_000) });
    for (const body of [asObject, asString]) {
      const response = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/nested|deep/i);
    }
  });

  it('anywhere in a REST body (arrays too) is refused with 400 before any field is looked at', async () => {
    const response = await apiRequest(server.baseUrl, account, 'PUT', '/v1/callbacks/SESSION:COMPLETE', `{"url": ${nestedArrayText(10_000)}}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/nested more than 32 levels deep/);
  });

  it('in GraphQL variables is refused with 400', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signRequestHeaders(account) },
      body: `{"query": "query($v: String) { __typename }", "variables": {"v": ${nestedObjectText(10_000)}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/nested more than 32 levels deep/);
  });

  it('in GraphQL variables sent in a GET query string is refused with 400', async () => {
    const variables = encodeURIComponent(`{"v": ${nestedArrayText(2_000)}}`);
    const response = await fetch(`${server.baseUrl}/graphql?query=${encodeURIComponent('query($v: String) { __typename }')}&variables=${variables}`, {
      headers: { accept: 'application/json', ...signRequestHeaders(account) },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/nested more than 32 levels deep/);
  });
});

describe('JSON nested 10,000 deep over graphql-ws', () => {
  it('in a contact is refused with BAD_REQUEST and the socket stays usable', async () => {
    // Raw protocol messages: no client library can serialise such a value, an attacker simply writes the text.
    const socket = new WebSocket(`${server.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: any }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: signRequestHeaders(account) }));
    await expect.poll(() => messages.some((message) => message.type === 'connection_ack')).toBe(true);
    const mutation = 'mutation($i: CreateInspectionSessionInput) { createInspectionSession(input: $i) { sessionKey } }';
    socket.send(
      `{"id": "deep", "type": "subscribe", "payload": {"query": "${mutation}", "variables": {"i": {"session": {"contact": ${nestedObjectText(10_000)}}}}}}`,
    );
    socket.send(JSON.stringify({ id: 'plain', type: 'subscribe', payload: { query: mutation, variables: { i: { session: { contact: { name: 'Ada' } } } } } }));
    try {
      await expect.poll(() => messages.filter((message) => message.type === 'complete').length).toBe(2);
      const deep = messages.find((message) => message.id === 'deep' && message.type === 'next');
      expect(deep?.payload.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(deep?.payload.errors[0].message).toMatch(/nested/);
      const plain = messages.find((message) => message.id === 'plain' && message.type === 'next');
      expect(plain?.payload.errors).toBeUndefined();
      expect(plain?.payload.data.createInspectionSession.sessionKey).toBeTruthy();
    } finally {
      socket.close();
    }
  });
});

describe('JSON within the allowed depth', () => {
  it('is still accepted: a 30-deep body passes the body check and meets the field rules', async () => {
    const response = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', {
      session: { contact: { name: 'Ada' }, reference: { a: { b: { c: 1 } } } },
    });
    expect(response.status).toBe(200);
    const deepButAllowed = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', `{"event": "SESSION:COMPLETE", "url": ${nestedArrayText(30)}}`);
    expect(deepButAllowed.status).toBe(400);
    expect(deepButAllowed.body.message).not.toMatch(/nested/);
  });
});

describe('afterwards', () => {
  it('logged no error and still serves', async () => {
    expect(logs.errors()).toEqual([]);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  });
});
