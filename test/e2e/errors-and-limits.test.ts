// docs/rest-guide.md: JSON errors for unknown routes, wrong methods, malformed and oversize bodies, rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

describe('errors', () => {
  it('answers an unknown route with 404 JSON', async () => {
    const response = await fetch(`${server.baseUrl}/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toHaveProperty('message');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await fetch(`${server.baseUrl}/v1/callbacks`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await response.json()).toHaveProperty('message');
  });

  it('answers malformed JSON with 400 and stores nothing', async () => {
    const result = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', '{"event": "SESSION:COMPLETE", "url": ');
    expect(result).toMatchObject({ status: 400, body: { message: 'Malformed JSON body.' } });
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks')).body.data).toEqual([]);
  });

  it('answers a GraphQL JSON body over 1 MB with 413, and a normal one as usual', async () => {
    const query = `{ callbacks { event } } # ${'x'.repeat(1024 * 1024)}`;
    const oversize = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    expect(oversize.status).toBe(413);
    expect(await oversize.json()).toHaveProperty('message');
    const normal = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ callbacks { event } }' }),
    });
    expect(normal.status).toBe(200);
    expect(await normal.json()).toEqual({ data: { callbacks: [] } });
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com', payload: { blob: 'x'.repeat(1024 * 1024) } });
    const result = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', big);
    expect(result.status).toBe(413);
    expect(result.body).toHaveProperty('message');
  });

  it('answers a streamed body over 1 MB without Content-Length with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.baseUrl}/v1/callbacks`, {
      method: 'POST',
      headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('serves /health and /ready', async () => {
    expect(await (await fetch(`${server.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/ready`);
    expect(ready.status).toBe(200);
  });

  it('does not reflect an unlisted origin in CORS headers', async () => {
    const response = await fetch(`${server.baseUrl}/v1/callbacks`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const graphql = await fetch(`${server.baseUrl}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(graphql.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });
});

describe('CORS with configured origins', () => {
  it('allows exactly the configured origin', async () => {
    const cors = await startTestServer({ CORS_ORIGINS: 'https://app.example.com' });
    try {
      const allowed = await fetch(`${cors.baseUrl}/v1/callbacks`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com' } });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const graphql = await fetch(`${cors.baseUrl}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      });
      expect(graphql.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const denied = await fetch(`${cors.baseUrl}/v1/callbacks`, { method: 'OPTIONS', headers: { origin: 'https://other.example.com' } });
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await cors.stop();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and RateLimit headers once the per-key budget is spent', async () => {
    const limited = await startTestServer({ RATE_LIMIT_POINTS: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    try {
      const who = await limited.createAccount();
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof apiRequest>> | null = null;
      for (let index = 0; index < 7; index += 1) {
        last = await apiRequest(limited.baseUrl, who, 'GET', '/v1/callbacks');
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last?.headers.get('ratelimit-limit')).toBe('5');
      expect(last?.headers.get('ratelimit-remaining')).toBe('0');
      expect(last?.body).toHaveProperty('message');
      // Another key has its own budget.
      const second = await limited.createAccount();
      expect((await apiRequest(limited.baseUrl, second, 'GET', '/v1/callbacks')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it("spends a key's budget only on requests that validate, so knowing a key cannot exhaust it", async () => {
    const limited = await startTestServer({ RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
    try {
      const owner = await limited.createAccount();
      const forged = { ...signRequestHeaders(owner), 'API-Token': '0'.repeat(64) };
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await fetch(`${limited.baseUrl}/v1/callbacks`, { headers: forged })).status);
      }
      // The forger's address budget runs out; the owner's key budget is untouched.
      expect(statuses).toEqual([403, 403, 403, 429]);
      const own = await apiRequest(limited.baseUrl, owner, 'GET', '/v1/callbacks');
      expect(own.status).toBe(200);
      expect(own.headers.get('ratelimit-remaining')).toBe('2');
    } finally {
      await limited.stop();
    }
  });
});
