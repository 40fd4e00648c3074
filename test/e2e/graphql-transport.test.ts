// GraphQL over graphql-ws on the same port as HTTP: credentials in connectionParams, refused without them;
// GraphiQL only outside production; internal errors masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

function wsClient(connectionParams: Record<string, unknown>, onClose?: (event: { code: number }) => void): Client {
  return createClient({
    url: `${server.baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
    lazyCloseTimeout: 60_000,
    on: onClose ? { closed: (event) => onClose(event as { code: number }) } : {},
  });
}

function runOnce(client: Client, query: string): Promise<{ data?: any; errors?: unknown[] }> {
  return new Promise((resolve, reject) => {
    let result: { data?: any; errors?: unknown[] } = {};
    client.subscribe({ query }, { next: (value) => (result = value as typeof result), error: reject, complete: () => resolve(result) });
  });
}

describe('graphql-ws', () => {
  it('runs an operation on a socket authenticated through connectionParams', async () => {
    const client = wsClient(signRequestHeaders(account));
    try {
      const result = await runOnce(client, '{ callbacks { event } }');
      expect(result).toEqual({ data: { callbacks: [] } });
    } finally {
      await client.dispose();
    }
  });

  it('closes a socket without valid credentials with 4403', async () => {
    let closeCode = 0;
    const client = wsClient({}, (event) => (closeCode = event.code));
    try {
      await expect(runOnce(client, '{ callbacks { event } }')).rejects.toBeDefined();
      expect(closeCode).toBe(4403);
    } finally {
      await client.dispose();
    }
    let wrongCode = 0;
    const wrong = wsClient({ ...signRequestHeaders(account), 'API-Token': 'f'.repeat(64) }, (event) => (wrongCode = event.code));
    await expect(runOnce(wrong, '{ callbacks { event } }')).rejects.toBeDefined();
    expect(wrongCode).toBe(4403);
    await wrong.dispose();
  });

  it('returns validation errors as operation errors without closing the socket', async () => {
    let closed = false;
    const client = wsClient(signRequestHeaders(account), () => (closed = true));
    try {
      await expect(runOnce(client, '{ noSuchField }')).rejects.toBeDefined();
      const after = await runOnce(client, '{ callbacks { event } }');
      expect(after.data).toEqual({ callbacks: [] });
      expect(closed).toBe(false);
    } finally {
      await client.dispose();
    }
  });
});

describe('GraphiQL', () => {
  it('is served outside production', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });

  it('is not served in production', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      const response = await fetch(`${production.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
      expect(await response.text()).not.toContain('GraphiQL');
    } finally {
      await production.stop();
    }
  });
});
