// Random and malformed input at every route: never a 5xx, never a crash, and a refused request changes nothing.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';

let server: TestServer;
let account: TestAccount;
let sessionKey: string;

const ROUTES: [string, string][] = [
  ['GET', '/v1/sessions'],
  ['POST', '/v1/sessions'],
  ['GET', '/v1/sessions/:key'],
  ['PUT', '/v1/sessions/:key'],
  ['DELETE', '/v1/sessions/:key'],
  ['GET', '/v1/sessions/:key/photos'],
  ['GET', '/v1/sessions/:key/notes'],
  ['POST', '/v1/sessions/:key/notes'],
  ['POST', '/v1/sessions/:key/damages'],
  ['GET', '/v1/sessions/:key/damages'],
  ['PATCH', '/v1/sessions/:key/damages/:damage'],
  ['DELETE', '/v1/sessions/:key/damages/:damage'],
  ['POST', '/v1/sessions/:key/review'],
  ['GET', '/v1/damage-catalog'],
  ['GET', '/v1/sessions/:key/results'],
  ['GET', '/v1/sessions/:key/report'],
  ['GET', '/v1/callbacks'],
  ['POST', '/v1/callbacks'],
  ['GET', '/v1/callbacks/:event'],
  ['PUT', '/v1/callbacks/:event'],
  ['DELETE', '/v1/callbacks/:event'],
  ['POST', '/v1/callbacks/:event/rotate-secret'],
  ['POST', '/admin/accounts'],
  ['GET', '/photos/:token'],
  ['POST', '/graphql'],
];

/** Everything the account owns, as the API shows it: what a refused request must leave as it was. */
async function snapshot(): Promise<string> {
  const headers = signRequestHeaders(account);
  const parts = await Promise.all(
    ['/v1/callbacks', `/v1/sessions/${sessionKey}`, `/v1/sessions/${sessionKey}/notes`, `/v1/sessions/${sessionKey}/photos`].map(async (path) =>
      (await fetch(`${server.baseUrl}${path}`, { headers })).text(),
    ),
  );
  // An error body quotes its own request's id, which differs on every read and is not data.
  return parts.join('\n').replace(/"request_id":"[^"]*"/g, '"request_id":"…"');
}

const printable = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCZ[\\]^_`abcz{|}~'.split('')), maxLength: 80 });
const segment = fc.oneof(
  printable.map((text) => encodeURIComponent(text) || 'x'),
  fc.constantFrom('SESSION:COMPLETE', 'SESSION%3ACOMPLETE', '..', '%00', '%E0%A4%A', 'ABC-1234567890'),
);
const jsonBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '[',
    '{"event": ',
    'null',
    '"string"',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"event": "SESSION:COMPLETE", "url": "https://example.com", "payload": {"$where": "1"}}',
  ),
);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_POINTS: '100000' });
  account = await server.createAccount();
  const created = await fetch(`${server.baseUrl}/v1/sessions`, {
    method: 'POST',
    headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
    body: JSON.stringify({ session: { theme: 'LITE' } }),
  });
  sessionKey = ((await created.json()) as { session_key: string }).session_key;
  await fetch(`${server.baseUrl}/v1/callbacks`, {
    method: 'POST',
    headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hook' }),
  });
});
afterAll(() => server.stop());

describe('hostile input', () => {
  it('never answers 5xx to random signed requests, and refused ones change nothing', async () => {
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), segment, jsonBody, fc.boolean(), async ([method, pattern], param, body, useRealKey) => {
        const path = pattern
          .replace(':key', useRealKey ? sessionKey : param)
          .replace(':event', param)
          .replace(':token', param)
          .replace(':damage', param);
        const response = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
          body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
        const after = await snapshot();
        if (response.status >= 400) expect(after, `${method} ${path} was refused but changed data`).toBe(before);
        before = after;
      }),
      { numRuns: 250 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('never answers 5xx to random credentials', async () => {
    await fc.assert(
      fc.asyncProperty(printable, printable, printable, fc.constantFrom(...ROUTES), async (apiKey, apiToken, apiTimestamp, [method, pattern]) => {
        const response = await fetch(`${server.baseUrl}${pattern.replace(/:\w+/g, 'x')}`, {
          method,
          headers: { 'API-Key': apiKey, 'API-Token': apiToken, 'API-Timestamp': apiTimestamp, 'Capture-Token': apiToken },
          body: method === 'GET' ? undefined : '{}',
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('never answers 5xx to random GraphQL documents and variables', async () => {
    const documents = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        '{ inspectionSession(sessionKey: 1) { status } }',
        'mutation { setCallback(event: SESSION_COMPLETE, input: { url: 5 }) { url } }',
        'subscription { sessionEvents(after: "-1") { id } }',
        'query($k: String!) { inspectionSession(sessionKey: $k) { status } }',
        '{ sessionResults(sessionKey: "") }',
        'mutation { capturePhoto(sessionKey: "x", photoCode: 1, file: "not a file") { url } }',
        `{ ${'{'.repeat(500)} }`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(documents, fc.json({ maxDepth: 3 }), fc.boolean(), async (query, variables, asJson) => {
        const response = await fetch(`${server.baseUrl}/graphql`, {
          method: 'POST',
          headers: { ...signRequestHeaders(account), 'content-type': asJson ? 'application/json' : 'text/plain' },
          body: asJson ? JSON.stringify({ query, variables: JSON.parse(variables) }) : query,
        });
        const text = await response.text();
        expect(response.status, text).toBeLessThan(500);
        expect(text).not.toMatch(/at .+\.ts:\d+/);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never answers 5xx to malformed multipart uploads', async () => {
    const parts = fc.record({
      operations: fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.constant(JSON.stringify({ query: 'mutation($f: File!) { capturePhoto(sessionKey: "x", photoCode: 1, file: $f) { url } }', variables: { f: null } })),
      ),
      map: fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constant('{"0": ["variables.f"]}'),
        fc.constant('{"0": ["variables.nope.deep"]}'),
        fc.constant('{"9": ["variables.f"]}'),
      ),
      file: fc.uint8Array({ maxLength: 2048 }),
    });
    await fc.assert(
      fc.asyncProperty(parts, async ({ operations, map, file }) => {
        const form = new FormData();
        form.set('operations', operations);
        form.set('map', map);
        form.set('0', new Blob([file]), 'x.jpg');
        const response = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: signRequestHeaders(account), body: form });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it('survives raw malformed HTTP', async () => {
    const raw = [
      'GET /v1/callbacks HTTP/1.1\r\nHost: x\r\nAPI-Key: \u0000\r\n\r\n',
      'POST /v1/callbacks HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n{',
      'POST /v1/callbacks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
      'GARBAGE\r\n\r\n',
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'GET /v1/callbacks HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
    ];
    const port = Number(new URL(server.baseUrl).port);
    for (const request of raw) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', () => resolve(received));
        socket.setTimeout(3_000, () => socket.destroy());
        socket.end(request);
      });
      expect(answer.startsWith('HTTP/1.1 5')).toBe(false);
    }
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  }, 30_000);
});
