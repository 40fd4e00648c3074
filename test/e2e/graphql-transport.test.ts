// GraphQL over graphql-ws on the same port as HTTP: credentials in connectionParams, refused without them;
// GraphiQL only outside production; internal errors masked; whole answers over HTTP compressed, streams left as they are.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { sseEventRecorder } from '../support/graphql.js';
import { createSession } from '../support/capture-flow.js';
import { MIN_COMPRESSED_GRAPHQL_BYTES } from '../../src/http/graphql/compression.js';

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

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A GraphQL request through node:http, which (unlike fetch) neither asks for an encoding nor decodes one. */
function rawGraphQL(method: 'GET' | 'POST', query: string, headers: Record<string, string>): Promise<RawAnswer> {
  const url = new URL(`${server.baseUrl}/graphql`);
  if (method === 'GET') url.searchParams.set('query', query);
  const body = method === 'POST' ? JSON.stringify({ query }) : undefined;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, headers: { ...signRequestHeaders(account), ...(body ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

// Several kilobytes of JSON, as a dashboard's list is.
const LARGE_QUERY = '{ __schema { types { name description fields { name description } } } }';

describe('HTTP compression', () => {
  it('sends a large answer in brotli when asked, gzip when only gzip is, as it is otherwise, each the same JSON', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const plain = await rawGraphQL(method, LARGE_QUERY, {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      expect(plain.bytes.length).toBeGreaterThan(2048);
      const json = JSON.parse(plain.bytes.toString('utf8')) as { data?: unknown };
      expect(json.data).toBeDefined();

      const brotli = await rawGraphQL(method, LARGE_QUERY, { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('Accept-Encoding');
      expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.length);
      expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);

      const gzip = await rawGraphQL(method, LARGE_QUERY, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

      // br refused with q=0: gzip.
      const notBrotli = await rawGraphQL(method, LARGE_QUERY, { 'accept-encoding': 'br;q=0, gzip' });
      expect(notBrotli.headers['content-encoding']).toBe('gzip');
    }
  });

  it('sends an answer under the threshold as it is, though it would compress', async () => {
    const query = '{ __schema { queryType { fields { name } } } }';
    const small = await rawGraphQL('POST', query, { 'accept-encoding': 'br, gzip' });
    expect(small.bytes.length).toBeGreaterThan(300);
    expect(small.bytes.length).toBeLessThan(MIN_COMPRESSED_GRAPHQL_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary ?? '').not.toContain('Accept-Encoding');
    expect(small.bytes.equals((await rawGraphQL('POST', query, {})).bytes)).toBe(true);
  });

  it('leaves an incremental (multipart/mixed) answer uncompressed', async () => {
    const multipart = await rawGraphQL('POST', LARGE_QUERY, { accept: 'multipart/mixed', 'accept-encoding': 'br, gzip' });
    expect(multipart.status).toBe(200);
    expect(String(multipart.headers['content-type'])).toMatch(/^multipart\/mixed/);
    expect(multipart.headers['content-encoding']).toBeUndefined();
    expect(multipart.bytes.toString('utf8')).toContain('"__schema"');
  });

  it('streams an SSE subscription uncompressed, each event as it happens', async () => {
    const session = await createSession(server.baseUrl, account);
    const stream = sseEventRecorder(server.baseUrl, { account }, { sessionKey: session.sessionKey });
    try {
      await stream.ready;
      for (const title of ['First', 'Second']) {
        await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, { title, description: 'x'.repeat(600) });
        // Each event reaches the client while the response is still open: nothing holds it back to compress it.
        await stream.waitFor((events) => events.some((event) => event.event === 'SESSION:NOTE_INSERT' && event.payload.title === title));
      }
      expect(stream.errors).toEqual([]);
      expect(stream.contentEncoding).toBe('none');
    } finally {
      await stream.close();
    }
  });
});
